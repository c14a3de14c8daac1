import { Group, Stack, Text } from '@mantine/core';
import type { StatusPageDataQuery } from '../../gql/status/graphql';
import { formatCount, formatPercent, formatUtcDay } from '../../i18n/format';
import { AVAILABILITY_DIGITS } from './OverallFigures';
import { useStatusMessages } from './messages';

type Day = StatusPageDataQuery['statusPage']['nodes'][number]['days'][number];

/** How a day is drawn: its height says the same as its colour, for those who cannot tell colours apart. */
const LOOKS = {
  ok: { share: 1, color: 'var(--mantine-color-teal-6)' },
  below: { share: 0.5, color: 'var(--mantine-color-red-7)' },
  none: { share: 0.15, color: 'var(--mantine-color-gray-5)' },
} as const;

/** Height of a row of bars, px. */
const BAR_HEIGHT = 32;

type DayState = keyof typeof LOOKS;

function dayState(day: Day, target: number): DayState {
  if (day.availability == null) return 'none';
  return day.availability >= target ? 'ok' : 'below';
}

/** What a day's cell says to a screen reader (and on hover): the date, its availability and whether it met the target. */
function useDayLabel(target: number): (day: Day) => string {
  const t = useStatusMessages();
  return (day) => {
    const date = formatUtcDay(day.day);
    const state = dayState(day, target);
    if (state === 'none') return t('dayNone', { day: date });
    return t(state === 'ok' ? 'dayOk' : 'dayBelow', { day: date, value: formatPercent(day.availability, AVAILABILITY_DIGITS), n: formatCount(day.requests) });
  };
}

/** One row of daily cells, oldest first, for a node or a group. */
export function DailyBars({ name, label, days, target }: { name: string; label: string; days: readonly Day[]; target: number }) {
  const t = useStatusMessages();
  const dayLabel = useDayLabel(target);
  const today = days.at(-1);
  return (
    <Stack gap={4} data-testid="daily-bars" data-name={name}>
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
      {/* One SVG of titled bars per row: 90 days of many rows stay light for the browser and for accessibility checkers. */}
      <svg role="group" aria-label={t('historyOf', { name: label })} width="100%" height={BAR_HEIGHT} viewBox={`0 0 ${days.length} ${BAR_HEIGHT}`} preserveAspectRatio="none" style={{ display: 'block' }}>
        {days.map((day, i) => {
          const state = dayState(day, target);
          const height = BAR_HEIGHT * LOOKS[state].share;
          return (
            <rect key={day.day} x={i + 0.1} y={BAR_HEIGHT - height} width={0.8} height={height} style={{ fill: LOOKS[state].color }} data-day={day.day.slice(0, 10)} data-state={state}>
              <title>{dayLabel(day)}</title>
            </rect>
          );
        })}
      </svg>
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
