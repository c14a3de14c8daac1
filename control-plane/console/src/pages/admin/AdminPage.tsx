import { Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function AdminPage() {
  return <Title order={2}>AdminPage</Title>;
}
