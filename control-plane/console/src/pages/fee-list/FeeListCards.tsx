import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { GroupName, ModelName, PriceValue } from './EntryParts';
import { useFeeListMessages } from './messages';
import { entryKey, pricesShown, type FeeEntry } from './prices';

/** The fee list as stacked cards (phones): each entry with only the prices that apply to it. */
export function FeeListCards({ entries }: { entries: readonly FeeEntry[] }) {
  const t = useFeeListMessages();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Card key={entryKey(entry)} component="li" withBorder padding="sm" data-testid="fee-entry" data-entry={entryKey(entry)}>
          <Stack gap="xs">
            <ModelName entry={entry} />
            <GroupName entry={entry} />
            <Text size="xs">
              {t('modelMultiplier')}: <span data-multiplier="model">×{entry.modelMultiplier}</span>
            </Text>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
              {pricesShown(entry).map((p) => (
                <div key={p.kind}>
                  <Text size="xs" c="gray.7">
                    {t(p.label)} · {t(p.unit)}
                  </Text>
                  <PriceValue entry={entry} kind={p.kind} />
                </div>
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
