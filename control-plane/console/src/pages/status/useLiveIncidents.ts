import { useSubscription } from 'urql';
import { StatusIncidentPostedDocument, type StatusIncidentFragment } from '../../gql/status/graphql';

/** Incidents as last heard over the subscription, by id (each post carries the whole incident as it now stands). */
type Heard = Record<string, StatusIncidentFragment>;

/**
 * The incidents to show: those the page loaded, with every incident, update and resolution posted
 * since then applied as it arrives (`incidentPosted`), newest first.
 */
export function useLiveIncidents(loaded: readonly StatusIncidentFragment[]): StatusIncidentFragment[] {
  const [{ data: heard }] = useSubscription<{ incidentPosted: { incident: StatusIncidentFragment } }, Heard>(
    { query: StatusIncidentPostedDocument },
    (prev = {}, post) => ({ ...prev, [post.incidentPosted.incident.id]: post.incidentPosted.incident }),
  );
  const byId = new Map(loaded.map((i) => [i.id, i]));
  for (const incident of Object.values(heard ?? {})) {
    const known = byId.get(incident.id);
    // A reload may already hold a later state than a post heard before it.
    if (!known || known.updates.length <= incident.updates.length) byId.set(incident.id, incident);
  }
  return [...byId.values()].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
