import { Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function RegisterPage() {
  return <Title order={2}>RegisterPage</Title>;
}
