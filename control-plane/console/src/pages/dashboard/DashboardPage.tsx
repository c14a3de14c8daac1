import { Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function DashboardPage() {
  return <Title order={2}>DashboardPage</Title>;
}
