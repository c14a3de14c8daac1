import { Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function WalletPage() {
  return <Title order={2}>WalletPage</Title>;
}
