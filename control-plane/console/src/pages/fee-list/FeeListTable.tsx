import { Table, Text } from '@mantine/core';
import { GroupName, ModelName, PriceValue } from './EntryParts';
import { useFeeListMessages } from './messages';
import { entryKey, priceColumns, pricesShown, type FeeEntry } from './prices';

/** The fee list as a table (wide screens): a column per price kind that the shown entries use. */
export function FeeListTable({ entries }: { entries: readonly FeeEntry[] }) {
  const t = useFeeListMessages();
  const columns = priceColumns(entries);
  return (
    <Table.ScrollContainer minWidth={640 + columns.length * 110}>
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('model')}</Table.Th>
            <Table.Th>{t('group')}</Table.Th>
            <Table.Th>{t('modelMultiplier')}</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.kind}>
                {t(c.label)}
                <Text size="xs" c="gray.7" fw={400}>
                  {t(c.unit)}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const shown = new Set(pricesShown(entry).map((p) => p.kind));
            return (
              <Table.Tr key={entryKey(entry)} data-testid="fee-entry" data-entry={entryKey(entry)}>
                <Table.Td>
                  <ModelName entry={entry} />
                </Table.Td>
                <Table.Td>
                  <GroupName entry={entry} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" data-multiplier="model">
                    ×{entry.modelMultiplier}
                  </Text>
                </Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.kind}>{shown.has(c.kind) ? <PriceValue entry={entry} kind={c.kind} /> : <Text c="gray.7" aria-hidden>—</Text>}</Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
