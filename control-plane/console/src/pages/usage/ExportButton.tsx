import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useClient, type CombinedError } from 'urql';
import type { UsageFilter } from '../../gql/usage/graphql';
import { errorMessage } from '../../api/errors';
import { downloadText } from '../../files/csv';
import { exportUsageCsv } from './export';
import { useUsageMessages } from './messages';

/** The export's file name: the days it covers, when the filter names them. */
function fileName(fromDay: string, toDay: string): string {
  const span = [fromDay || 'start', toDay || 'now'].join('_');
  return `meridian-usage-${span}.csv`;
}

/** Exports every request matching the filter as CSV, fetched page by page, with the progress in words. */
export function ExportButton({ filter, fromDay, toDay, tokenNames, disabled }: { filter: UsageFilter; fromDay: string; toDay: string; tokenNames: ReadonlyMap<string, string>; disabled?: boolean }) {
  const t = useUsageMessages();
  const client = useClient();
  const [state, setState] = useState<{ running: boolean; message?: string; failed?: boolean }>({ running: false });

  const run = async () => {
    setState({ running: true, message: t('exporting', { count: 0 }) });
    try {
      const { csv, count } = await exportUsageCsv(client, filter, tokenNames, (n) => setState({ running: true, message: t('exporting', { count: n }) }));
      const file = fileName(fromDay, toDay);
      downloadText(csv, file);
      setState({ running: false, message: t('exported', { count, file }) });
    } catch (error) {
      const message = error instanceof Error && 'graphQLErrors' in error ? errorMessage(error as CombinedError, t('offline')) : String(error);
      setState({ running: false, failed: true, message: t('exportFailed', { message: message ?? '' }) });
    }
  };

  return (
    <Stack gap={2} align="flex-end">
      <Button variant="light" size="compact-sm" onClick={run} loading={state.running} disabled={disabled}>
        {t('export')}
      </Button>
      {state.message && (
        <Text size="xs" c={state.failed ? 'red.8' : undefined} role="status" data-testid="usage-export-status">
          {state.message}
        </Text>
      )}
    </Stack>
  );
}
