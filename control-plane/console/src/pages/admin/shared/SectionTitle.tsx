import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

/** A section's heading with its main actions beside it (under the area's page title). */
export function SectionTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm">
      <Title order={3}>{children}</Title>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
