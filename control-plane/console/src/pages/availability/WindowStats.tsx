import { Box, Progress, SimpleGrid, Text } from '@mantine/core';
import type { AvailabilityWindowsFragment } from '../../gql/availability/graphql';
import { formatPercent } from '../../i18n/format';
import { useAvailabilityMessages } from './messages';
import { useRequestCount } from './useRequestCount';
import { WINDOWS, WINDOW_LABEL } from './windows';

/** A group's success rate over each window, with the requests behind it (two columns on phones, four on wider screens). */
export function WindowStats({ windows }: { windows: AvailabilityWindowsFragment }) {
  const t = useAvailabilityMessages();
  const requestCount = useRequestCount();
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" verticalSpacing="sm" component="dl" m={0}>
      {WINDOWS.map((w) => {
        const { rate, requests } = windows[w];
        return (
          <div key={w} data-window={w}>
            <Text component="dt" size="xs" c="gray.7">
              {t(WINDOW_LABEL[w])}
            </Text>
            <Box component="dd" m={0}>
              <Text fw={700} size="lg" lh={1.3}>
                {formatPercent(rate)}
              </Text>
              {/* The bar repeats the figure above for the eye; screen readers have the text. */}
              <Progress value={rate == null ? 0 : rate * 100} size="xs" color="indigo" my={4} aria-hidden />
              <Text size="xs" c="gray.7">
                {requestCount(requests)}
              </Text>
            </Box>
          </div>
        );
      })}
    </SimpleGrid>
  );
}
