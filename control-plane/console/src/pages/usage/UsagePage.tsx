import { Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function UsagePage() {
  return <Title order={2}>UsagePage</Title>;
}
