import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { TimeChart, type ChartSeries } from '../../components/TimeChart';
import { errorMessage } from '../../api/errors';
import { AvailabilityHistoryDocument } from '../../gql/availability/graphql';
import { formatCount, formatPercent } from '../../i18n/format';
import { useAvailabilityMessages } from './messages';
import { historyColumns, periodRange, type HistoryPeriod } from './history-period';

/** Canvas colours (uPlot cannot read CSS variables): Mantine's green 8, indigo 4 and 7, orange 8. */
const COLORS = { success: '#2f9e44', requests: '#748ffc', latency: '#3b5bdb', ttfb: '#e8590c' };
const RATE_RANGE: [number, number] = [0, 1];

/**
 * A group's success rate, requests and latency over one period, as of when it was opened (the
 * history is folded from the live counts every few seconds; reopening shows the newest).
 */
export function HistoryCharts({ group, label, period }: { group: string; label: string; period: HistoryPeriod }) {
  const t = useAvailabilityMessages();
  const [range] = useState(() => periodRange(period, Date.now()));
  const [{ data, error, fetching }] = useQuery({ query: AvailabilityHistoryDocument, variables: { group, from: range.from, to: range.to, granularity: range.granularity } });
  const points = data?.groupHealthHistory;
  const columns = useMemo(() => (points ? historyColumns(points, range.slots) : undefined), [points, range]);
  const charts = useMemo(() => {
    if (!columns) return undefined;
    // A tenth of a millisecond below 100 ms: the axis of a fast upstream has steps of 2.5 ms.
    const ms = (v: number) => t('milliseconds', { n: formatCount(v >= 100 ? Math.round(v) : Math.round(v * 10) / 10) });
    const series = (s: ChartSeries): ChartSeries[] => [s];
    return {
      success: series({ label: t('successRate'), values: columns.rate, color: COLORS.success, format: (v) => formatPercent(v, 1), points: true }),
      requests: series({ label: t('requestCount'), values: columns.requests, color: COLORS.requests, bars: true, format: (v) => formatCount(Math.round(v)) }),
      latency: [
        { label: t('meanLatency'), values: columns.latencyMs, color: COLORS.latency, format: ms, points: true },
        { label: t('meanTtfb'), values: columns.ttfbMs, color: COLORS.ttfb, format: ms, points: true },
      ],
    };
  }, [columns, t]);

  if (error && !data) return <Alert color="red" role="alert">{errorMessage(error, t('offline'))}</Alert>;
  if (fetching && !data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('history')} />
      </Center>
    );
  }
  if (!columns?.any || !charts) return <Text c="gray.7">{t('noHistory')}</Text>;
  const periodText = t(period === 'day' ? 'periodDay' : 'periodMonth');
  return (
    <Stack gap="md" data-testid="history-charts">
      <section>
        <Title order={4} size="h5" mb={4}>
          {t('successRate')}
        </Title>
        <TimeChart daily={period === 'month'} times={range.slots} series={charts.success} yRange={RATE_RANGE} height={180} ariaLabel={t('successChartLabel', { group: label, period: periodText })} />
      </section>
      <section>
        <Title order={4} size="h5" mb={4}>
          {t('requestCount')}
        </Title>
        <TimeChart daily={period === 'month'} times={range.slots} series={charts.requests} height={160} ariaLabel={t('requestChartLabel', { group: label, period: periodText })} />
      </section>
      <section>
        <Title order={4} size="h5" mb={4}>
          {t('latency')}
        </Title>
        <TimeChart daily={period === 'month'} times={range.slots} series={charts.latency} height={180} ariaLabel={t('latencyChartLabel', { group: label, period: periodText })} />
      </section>
    </Stack>
  );
}
