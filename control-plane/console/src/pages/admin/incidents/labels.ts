import type { IncidentImpact, IncidentStatus } from '../../../gql/admin-operations/graphql';
import type { Tone } from '../shared/StateTag';

/** Impacts, mildest first. */
export const IMPACTS: IncidentImpact[] = ['MINOR', 'MAJOR', 'CRITICAL'];

/** The statuses an open incident can be in (RESOLVED closes it). */
export const OPEN_STATUSES: IncidentStatus[] = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING'];

/** A colour per impact (always shown with its word). */
export const IMPACT_COLOR: Record<IncidentImpact, Tone> = { MINOR: 'yellow', MAJOR: 'orange', CRITICAL: 'red' };
