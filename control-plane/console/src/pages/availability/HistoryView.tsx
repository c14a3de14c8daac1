import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Center, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { AvailabilityGroupFragment } from '../../gql/availability/graphql';
import { useAvailabilityMessages } from './messages';
import { StateBadge } from './StateBadge';
import { WindowStats } from './WindowStats';
import { HISTORY_PARAMS, historyLink, type HistoryPeriod } from './history-period';

// The charts (and uPlot) load when a history is first opened, not with the page.
const HistoryCharts = lazy(() => import('./HistoryCharts').then((m) => ({ default: m.HistoryCharts })));

/** The group and period a history view is open on, from the address (`?history=<group>&period=day|month`). */
export function useHistoryParams(): { group: string | null; period: HistoryPeriod } {
  const [params] = useSearchParams();
  return { group: params.get(HISTORY_PARAMS.group), period: params.get(HISTORY_PARAMS.period) === 'month' ? 'month' : 'day' };
}

/**
 * One group's history in place of the list: its current state and rates (kept live), then its
 * success rate, requests and latency over the last day by hour or the last 30 days by day.
 */
export function HistoryView({ group, period, current, label }: { group: string; period: HistoryPeriod; current: AvailabilityGroupFragment | undefined; label: string }) {
  const t = useAvailabilityMessages();
  const [, setParams] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from far down the list: start at the top, with the focus on the view's heading.
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, [group]);
  return (
    <Stack gap="md" component="section" aria-labelledby="availability-history">
      <Anchor component={Link} to="?" size="sm">
        ← {t('allGroups')}
      </Anchor>
      <Group gap="sm" wrap="wrap">
        <Title order={3} size="h3" id="availability-history" ref={heading} tabIndex={-1}>
          {t('historyTitle', { group: label })}
        </Title>
        {current && <StateBadge state={current.state} />}
      </Group>
      {current && <WindowStats windows={current.windows} />}
      <SegmentedControl
        aria-label={t('period')}
        value={period}
        onChange={(value) => setParams(new URLSearchParams(historyLink(group, value as HistoryPeriod)), { replace: true })}
        data={[
          { value: 'day', label: t('periodDay') },
          { value: 'month', label: t('periodMonth') },
        ]}
        maw={520}
      />
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label={t('history')} />
          </Center>
        }
      >
        <HistoryCharts key={`${group}\n${period}`} group={group} label={label} period={period} />
      </Suspense>
      <Text size="xs" c="gray.7">
        {t(period === 'day' ? 'bucketHour' : 'bucketDay')}
      </Text>
    </Stack>
  );
}
