import { Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function PlaygroundPage() {
  return <Title order={2}>PlaygroundPage</Title>;
}
