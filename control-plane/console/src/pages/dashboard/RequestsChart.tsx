import { useMemo } from 'react';
import { Paper, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { TimeChart, type ChartSeries } from '../../components/TimeChart';
import { formatCount } from '../../i18n/format';
import { chartMoment, type UsageWindow } from './usage-summary';
import type { DashboardT } from './messages';

/** Requests are whole: the axis labels only whole numbers (uPlot may put ticks between them). */
const wholeCount = (value: number) => (Number.isInteger(value) ? formatCount(value) : '');

/** Requests per UTC day over the chart's days, as bars; the figures also go to screen readers. */
export function RequestsChart({ t, window, requestsByDay }: { t: DashboardT; window: UsageWindow; requestsByDay: number[] }) {
  const theme = useMantineTheme();
  const times = useMemo(() => window.chartDays.map(chartMoment), [window]);
  const series = useMemo<ChartSeries[]>(
    () => [{ label: t('chartSeries'), values: requestsByDay, color: theme.colors.indigo[6], bars: true, format: wholeCount }],
    [t, requestsByDay, theme],
  );
  const total = requestsByDay.reduce((a, b) => a + b, 0);
  const days = window.chartDays
    .flatMap((day, i) => (requestsByDay[i] > 0 ? [t('chartDay', { day, count: formatCount(requestsByDay[i]) })] : []))
    .join(t('separator'));

  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <div>
          <Title order={3} size="h4">
            {t('chartTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('chartSubtitle')}
          </Text>
        </div>
        <TimeChart daily times={times} series={series} ariaLabel={t('chartLabel', { total: formatCount(total), days })} />
        {total === 0 && (
          <Text size="sm" c="dimmed">
            {t('noRequests')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
