import type { AvailabilityWindowsFragment } from '../../gql/availability/graphql';

/** The four windows the API reports, in the order they are shown. */
export const WINDOWS = ['hour', 'day', 'week', 'month'] as const satisfies readonly (keyof Omit<AvailabilityWindowsFragment, '__typename'>)[];

/** One of the windows. */
export type HealthWindow = (typeof WINDOWS)[number];

/** Message key of each window's name. */
export const WINDOW_LABEL = { hour: 'windowHour', day: 'windowDay', week: 'windowWeek', month: 'windowMonth' } as const satisfies Record<HealthWindow, string>;
