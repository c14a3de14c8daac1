import { Badge } from '@mantine/core';
import type { GroupHealthState } from '../../gql/availability/graphql';
import { useAvailabilityMessages } from './messages';

/**
 * Colour and mark of each state: the word is always shown too, so colour is never the only sign.
 * The words are dark on the light colour: the light variant's coloured text falls short of AA contrast.
 */
const LOOK: Record<GroupHealthState, { color: string; mark: string }> = {
  NORMAL: { color: 'green', mark: '✓' },
  PARTIALLY_AVAILABLE: { color: 'orange', mark: '!' },
  UNAVAILABLE: { color: 'red', mark: '✕' },
  NO_DATA: { color: 'gray', mark: '–' },
};

/** A group's health state as a labelled badge. */
export function StateBadge({ state, size = 'md' }: { state: GroupHealthState; size?: 'sm' | 'md' }) {
  const t = useAvailabilityMessages();
  const look = LOOK[state];
  return (
    <Badge color={look.color} variant="light" size={size} radius="sm" leftSection={<span aria-hidden>{look.mark}</span>} data-state={state} styles={{ root: { flexShrink: 0, color: 'var(--mantine-color-gray-9)' }, section: { color: `var(--mantine-color-${look.color}-9)` }, label: { color: 'inherit' } }}>
      {t(`state${state}`)}
    </Badge>
  );
}
