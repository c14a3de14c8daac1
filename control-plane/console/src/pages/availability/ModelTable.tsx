import { Table, Text } from '@mantine/core';
import type { AvailabilityGroupFragment } from '../../gql/availability/graphql';
import { formatPercent } from '../../i18n/format';
import { useAvailabilityMessages } from './messages';
import { useRequestCount } from './useRequestCount';
import { WINDOWS, WINDOW_LABEL } from './windows';

/** Success rate and requests per model of one group, over each window (scrolls sideways on phones). */
export function ModelTable({ groupLabel, models }: { groupLabel: string; models: AvailabilityGroupFragment['models'] }) {
  const t = useAvailabilityMessages();
  const requestCount = useRequestCount();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing={6} aria-label={t('modelsOf', { group: groupLabel })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('model')}</Table.Th>
            {WINDOWS.map((w) => (
              <Table.Th key={w} scope="col" ta="right">
                {t(WINDOW_LABEL[w])}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {models.map((m) => (
            <Table.Tr key={m.model}>
              <Table.Th scope="row" fw={500} ff="monospace" fz="sm">
                {m.model}
              </Table.Th>
              {WINDOWS.map((w) => (
                <Table.Td key={w} ta="right">
                  <Text size="sm" fw={600}>
                    {formatPercent(m.windows[w].rate)}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {requestCount(m.windows[w].requests)}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
