import { useCallback, useMemo } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { TimeChart, type ChartSeries } from '../../components/TimeChart';
import type { StatusPageDataQuery } from '../../gql/status/graphql';
import { formatCount, formatPercent, formatUtcDay } from '../../i18n/format';
import { AVAILABILITY_DIGITS } from './OverallFigures';
import { useStatusMessages } from './messages';

type Day = StatusPageDataQuery['statusPage']['nodes'][number]['days'][number];

/**
 * How a day is drawn: its height says the same as its colour, for those who cannot tell colours
 * apart. The chart draws on a canvas, so its colours are plain hex (Mantine's teal 6, red 7, gray 5).
 */
const LOOKS = {
  ok: { share: 1, color: '#12b886' },
  below: { share: 0.5, color: '#f03e3e' },
  none: { share: 0.15, color: '#adb5bd' },
} as const;

/** Height of a row of bars, px (with room for the line that tells the day under the pointer). */
const ROW_HEIGHT = 36;

type DayState = keyof typeof LOOKS;

function dayState(day: Day, target: number): DayState {
  if (day.availability == null) return 'none';
  return day.availability >= target ? 'ok' : 'below';
}

/** What a day says under the pointer: the date, its availability and whether it met the target. */
function useDayLabel(target: number): (day: Day) => string {
  const t = useStatusMessages();
  return useCallback(
    (day: Day) => {
      const date = formatUtcDay(day.day);
      const state = dayState(day, target);
      if (state === 'none') return t('dayNone', { day: date });
      return t(state === 'ok' ? 'dayOk' : 'dayBelow', { day: date, value: formatPercent(day.availability, AVAILABILITY_DIGITS), n: formatCount(day.requests) });
    },
    [t, target],
  );
}

/** One row of daily bars, oldest first, for a node or a group; screen readers get the days in words. */
export function DailyBars({ name, label, days, target }: { name: string; label: string; days: readonly Day[]; target: number }) {
  const t = useStatusMessages();
  const dayLabel = useDayLabel(target);
  const today = days.at(-1);
  const states = useMemo(() => days.map((day) => dayState(day, target)), [days, target]);
  const times = useMemo(() => days.map((day) => Date.parse(day.day)), [days]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: t('dayUnderPointer'),
        values: states.map((state) => LOOKS[state].share),
        color: LOOKS.ok.color,
        bars: true,
        barColors: states.map((state) => LOOKS[state].color),
        describe: (index) => dayLabel(days[index]),
      },
    ],
    [states, days, dayLabel, t],
  );
  const below = days.filter((_day, i) => states[i] === 'below');
  const summary = t('rowSummary', {
    name: label,
    ok: formatCount(states.filter((s) => s === 'ok').length),
    below: formatCount(below.length),
    none: formatCount(states.filter((s) => s === 'none').length),
    days: below.map(dayLabel).join('; ') || t('noDayBelow'),
  });
  return (
    <Stack gap={4} data-testid="daily-bars" data-name={name} data-summary={summary}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {today && (
          <Text size="xs" c="gray.7">
            {t('today', { value: today.availability == null ? t('noTraffic') : formatPercent(today.availability, AVAILABILITY_DIGITS) })}
          </Text>
        )}
      </Group>
      <TimeChart compact daily times={times} series={series} height={ROW_HEIGHT} yRange={[0, 1]} ariaLabel={summary} />
    </Stack>
  );
}

/** Below the rows: where their days start and end, and what the cells mean, in words beside their shapes and colours. */
export function DailyBarsLegend() {
  const t = useStatusMessages();
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="xs" c="gray.7">
          ← {t('daysAgo')}
        </Text>
        <Text size="xs" c="gray.7">
          {t('todayEdge')} →
        </Text>
      </Group>
      <Group gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('legend')}>
        {(['ok', 'below', 'none'] as const).map((state) => (
          <Group key={state} gap={6} component="li" wrap="nowrap" align="flex-end">
            <span aria-hidden style={{ display: 'flex', alignItems: 'flex-end', width: 8, height: 16 }}>
              <span style={{ display: 'block', width: '100%', height: `${LOOKS[state].share * 100}%`, background: LOOKS[state].color, borderRadius: 1 }} />
            </span>
            <Text size="xs">{t(state === 'ok' ? 'legendOk' : state === 'below' ? 'legendBelow' : 'legendNone')}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
