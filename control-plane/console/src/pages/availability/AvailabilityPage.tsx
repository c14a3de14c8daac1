import { Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function AvailabilityPage() {
  return <Title order={2}>AvailabilityPage</Title>;
}
