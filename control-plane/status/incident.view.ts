import type { Incident, IncidentImpact, IncidentStatus, IncidentUpdate } from './incident.entity.js';

/** An incident update as plain JSON (it travels in subscription events). */
export interface IncidentUpdateView {
  id: string;
  status: IncidentStatus;
  message: string;
  /** ISO 8601. */
  createdAt: string;
}

/** An incident with its updates, oldest first, as plain JSON. */
export interface IncidentView {
  id: string;
  title: string;
  impact: IncidentImpact;
  status: IncidentStatus;
  groups: string[];
  createdAt: string;
  resolvedAt: string | null;
  updates: IncidentUpdateView[];
}

/** The view of an incident whose updates are loaded. */
export function incidentView(i: Incident): IncidentView {
  return {
    id: i.id,
    title: i.title,
    impact: i.impact,
    status: i.status,
    groups: [...i.groups],
    createdAt: i.createdAt.toISOString(),
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
    updates: i.updates
      .getItems()
      .map((u: IncidentUpdate) => ({ id: u.id, status: u.status, message: u.message, createdAt: u.createdAt.toISOString() }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  };
}
