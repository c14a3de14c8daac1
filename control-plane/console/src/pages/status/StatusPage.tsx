import { Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function StatusPage() {
  return <Title order={2}>StatusPage</Title>;
}
