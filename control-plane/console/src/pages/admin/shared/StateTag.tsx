import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';

/** The colours a state can take; the word beside it always says the same (colour is never the only sign). */
export type Tone = 'green' | 'red' | 'orange' | 'yellow' | 'gray' | 'indigo' | 'blue';

/**
 * A short state word with a coloured dot: the word stays in the text colour, since Mantine's
 * coloured badge words (light or outline) fall short of AA contrast for several colours.
 */
export function StateTag({ tone, children, size }: { tone: Tone; children: ReactNode; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  return (
    <Badge variant="dot" color={tone} size={size}>
      {children}
    </Badge>
  );
}
