import { Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function TokensPage() {
  return <Title order={2}>TokensPage</Title>;
}
