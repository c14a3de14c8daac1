import { useId } from 'react';
import { Paper, Text } from '@mantine/core';

/** One figure of the dashboard, named by its label for assistive technology (a labelled group). */
export function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} role="group" aria-labelledby={id}>
      <Text id={id} size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}
