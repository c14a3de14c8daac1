import { useMemo, useState } from 'react';
import { Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { formatMicroRmb } from '../../../../../shared/money';
import { TimeChart, type ChartSeries } from '../../components/TimeChart';
import { formatCount, formatRmb, formatSignificant } from '../../i18n/format';
import { daySpan, grandTotal, metricSeries, modelTotals, TOP_MODELS, type DayTotal, type ModelTotal, type UsageMetric } from './chart';
import { useUsageMessages } from './messages';

/** Series colours, readable on white; the last is for "other models". */
const COLOURS = ['#3b5bdb', '#e8590c', '#2b8a3e', '#9c36b5', '#0c8599'];
const OTHER_COLOUR = '#868e96';

/** A day (`YYYY-MM-DD`) as the moment the chart places it: that day's local midnight, so the axis names the same day. */
const dayMoment = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).getTime();
};

/** A row of the totals table: a model's figures over the period, or (with `label`) the sum of them all. */
function TotalsRow({ total, label }: { total: ModelTotal; label?: string }) {
  return (
    <Table.Tr fw={label ? 700 : undefined}>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{label ?? total.model}</Table.Td>
      <Table.Td ta="right">{formatCount(total.requests)}</Table.Td>
      <Table.Td ta="right" visibleFrom="sm">
        {formatCount(total.promptTokens)}
      </Table.Td>
      <Table.Td ta="right" visibleFrom="sm">
        {formatCount(total.outputTokens)}
      </Table.Td>
      <Table.Td ta="right" visibleFrom="sm">
        {formatCount(total.images)} / {formatCount(total.videoSeconds)}
      </Table.Td>
      <Table.Td ta="right">{formatRmb(formatMicroRmb(total.chargeMicro))}</Table.Td>
    </Table.Tr>
  );
}

/**
 * Daily totals by model: a chart of the top models and the rest, and the exact totals of the
 * period per model beneath it. `firstDay`/`lastDay` frame the chart when the filter sets them.
 */
export function UsageChart({ totals, firstDay, lastDay }: { totals: readonly DayTotal[]; firstDay: string; lastDay: string }) {
  const t = useUsageMessages();
  const [metric, setMetric] = useState<UsageMetric>('spend');
  const perModel = useMemo(() => modelTotals(totals), [totals]);
  const days = useMemo(() => {
    const seen = totals.map((d) => d.day).sort();
    const first = [firstDay, seen[0]].filter(Boolean).sort()[0];
    const last = [lastDay, seen[seen.length - 1]].filter(Boolean).sort().reverse()[0];
    return first && last ? daySpan(first, last) : [];
  }, [totals, firstDay, lastDay]);
  const series = useMemo<ChartSeries[]>(() => {
    // Significant digits: a day's spend may be a few thousandths of a yuan.
    const format = metric === 'spend' ? (v: number) => `¥${formatSignificant(v)}` : (v: number) => formatCount(Math.round(v));
    return metricSeries(totals, days, metric).map((s, i) => ({
      label: s.model ?? t('other'),
      values: s.values,
      color: s.model === null ? OTHER_COLOUR : COLOURS[i % COLOURS.length],
      format,
    }));
  }, [totals, days, metric, t]);
  const times = useMemo(() => days.map(dayMoment), [days]);
  const metricLabel = { spend: t('metricSpend'), requests: t('metricRequests'), tokens: t('metricTokens') }[metric];
  const total = grandTotal(perModel);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="usage-chart-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4" id="usage-chart-title">
              {t('chartSection')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('chartHint', { top: TOP_MODELS })}
            </Text>
          </div>
          <SegmentedControl
            aria-label={t('metric')}
            size="xs"
            value={metric}
            onChange={(v) => setMetric(v as UsageMetric)}
            data={[
              { value: 'spend', label: t('metricSpend') },
              { value: 'requests', label: t('metricRequests') },
              { value: 'tokens', label: t('metricTokens') },
            ]}
          />
        </Group>
        {perModel.length === 0 ? (
          <Text size="sm">{t('noTotals')}</Text>
        ) : (
          <>
            <TimeChart daily times={times} series={series} ariaLabel={t('chartLabel', { metric: metricLabel, models: series.map((s) => s.label).join(', ') })} />
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing={4} data-testid="usage-totals" aria-label={t('totalsTable')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('colModel')}</Table.Th>
                    <Table.Th ta="right">{t('colRequests')}</Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      {t('colPromptTokens')}
                    </Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      {t('colOutputTokens')}
                    </Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      {t('colMedia')}
                    </Table.Th>
                    <Table.Th ta="right">{t('colSpend')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {perModel.map((m) => (
                    <TotalsRow key={m.model} total={m} />
                  ))}
                </Table.Tbody>
                {perModel.length > 1 && (
                  <Table.Tfoot>
                    <TotalsRow total={total} label={t('total')} />
                  </Table.Tfoot>
                )}
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Card>
  );
}
