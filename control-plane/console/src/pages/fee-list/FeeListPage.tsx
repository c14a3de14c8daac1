import { Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function FeeListPage() {
  return <Title order={2}>FeeListPage</Title>;
}
