import { Card, SimpleGrid, Text } from '@mantine/core';
import type { StatusPageDataQuery } from '../../gql/status/graphql';
import { formatCount, formatPercent } from '../../i18n/format';
import { useStatusMessages } from './messages';

type Figure = StatusPageDataQuery['statusPage']['overall'][number];

const WINDOWS = { '24h': 'window24h', '7d': 'window7d', '30d': 'window30d', '90d': 'window90d' } as const;

/** Availability figures are shown to three decimals: 99.899 % must not read as 99.90 %. */
export const AVAILABILITY_DIGITS = 3;

/** The overall availability over each window, each with whether it meets the target (as the API judges it), in words. */
export function OverallFigures({ figures, target }: { figures: readonly Figure[]; target: number }) {
  const t = useStatusMessages();
  const targetText = formatPercent(target, 1);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {figures.map((f) => {
        const label = f.window in WINDOWS ? t(WINDOWS[f.window as keyof typeof WINDOWS]) : f.window;
        return (
          <Card key={f.window} withBorder padding="sm" data-testid="overall-figure" data-window={f.window}>
            <Text size="sm" c="gray.7">
              {label}
            </Text>
            <Text size="xl" fw={700} data-availability>
              {formatPercent(f.availability, AVAILABILITY_DIGITS)}
            </Text>
            <Text size="sm" fw={600} mt={4} c={f.meetsTarget == null ? 'gray.7' : f.meetsTarget ? 'teal.9' : 'red.8'} data-verdict>
              {f.meetsTarget == null ? t('noTraffic') : t(f.meetsTarget ? 'meetsTarget' : 'belowTarget', { target: targetText })}
            </Text>
            <Text size="xs" c="gray.7" mt={4}>
              {t('requests', { n: formatCount(f.requests) })}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
