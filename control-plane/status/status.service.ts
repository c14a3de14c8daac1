import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PubSub } from 'type-graphql';
import { badInput, notFound } from '../graphql/errors.js';
import type { HealthService } from '../health/health.service.js';
import type { HistoryPoint } from '../health/health.store.js';
import type { Tally } from '../health/state.js';
import { Incident, IncidentStatus, IncidentUpdate, type IncidentImpact } from './incident.entity.js';
import { incidentView, type IncidentView } from './incident.view.js';

const DAY_MS = 86_400_000;

/** The availability the service states publicly (99.9 percent). */
const AVAILABILITY_TARGET = 0.999;

/** The windows of the overall availability figure, in hours. */
const STATUS_WINDOWS = [
  { label: '24h', hours: 24 },
  { label: '7d', hours: 168 },
  { label: '30d', hours: 720 },
  { label: '90d', hours: 2160 },
] as const;

/** Days of history on the status page. */
const STATUS_HISTORY_DAYS = 90;

/** The PubSub topic of incident posts (a new incident, an update, a resolution). */
export const INCIDENT_POSTED = 'INCIDENT_POSTED';

/** What `incidentPosted` carries: the incident as it now stands and the update just posted. */
export interface IncidentPost {
  incident: IncidentView;
  updateId: string;
}

/** One day of a status history; null rate = no traffic that day. */
export interface DailyTally extends Tally {
  day: Date;
}

/** The public status page's data. */
export interface StatusPage {
  target: number;
  overall: { label: string; tally: Tally }[];
  nodes: { node: string; days: DailyTally[] }[];
  groups: { group: string; days: DailyTally[] }[];
  incidents: IncidentView[];
}

/** A new incident. */
export interface NewIncident {
  title: string;
  impact: IncidentImpact;
  status: IncidentStatus;
  message: string;
  groups: string[];
}

/**
 * The public status page: overall availability against the 99.9 percent
 * target, 90 days of daily history per node and per group, and incident notices that
 * administrators create, update and resolve. Time comes from the injected clock.
 */
export class StatusService {
  constructor(
    private readonly orm: MikroORM,
    private readonly health: HealthService,
    private readonly pubSub: PubSub,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Everything the status page shows; public groups only. Public and unauthenticated, so it only
   * reads: the daily bars come from the hourly history as of the last fold (HEALTH_FOLD_MS).
   */
  async page(): Promise<StatusPage> {
    const now = this.now();
    const firstDay = new Date(Math.floor(now / DAY_MS) * DAY_MS - (STATUS_HISTORY_DAYS - 1) * DAY_MS);
    const end = new Date(now + 1);
    const store = this.health.store;
    const tallies = await this.health.overall(STATUS_WINDOWS.map((w) => w.hours));
    const nodes = (await store.nodesSince(firstDay)).filter((n) => n !== 'probe');
    const groups = await this.health.groupNames(false);
    const days = (points: HistoryPoint[]) => fillDays(points, firstDay);
    return {
      target: AVAILABILITY_TARGET,
      overall: STATUS_WINDOWS.map((w, i) => ({ label: w.label, tally: tallies[i] })),
      nodes: await Promise.all(nodes.map(async (node) => ({ node, days: days(await store.series({ node }, firstDay, end, 'day')) }))),
      groups: await Promise.all(groups.map(async (group) => ({ group, days: days(await store.series({ group }, firstDay, end, 'day')) }))),
      incidents: await this.incidents(firstDay),
    };
  }

  /** Incidents open now or created since `since`, newest first. */
  async incidents(since: Date): Promise<IncidentView[]> {
    const list = await this.orm.em
      .fork()
      .find(Incident, { $or: [{ createdAt: { $gte: since } }, { status: { $ne: IncidentStatus.RESOLVED } }] }, { populate: ['updates'], orderBy: { createdAt: 'desc' } });
    return list.map(incidentView);
  }

  /** Opens an incident with its first update; announces it. */
  async create(em: EntityManager, input: NewIncident): Promise<IncidentView> {
    const known = new Set(await this.health.groupNames(true));
    const unknown = input.groups.find((g) => !known.has(g));
    if (unknown !== undefined) throw badInput('groups', `no active group '${unknown}'`);
    const at = new Date(this.now());
    const incident = em.create(Incident, { title: input.title, impact: input.impact, status: input.status, groups: [...new Set(input.groups)], createdAt: at, resolvedAt: input.status === IncidentStatus.RESOLVED ? at : null });
    const update = em.create(IncidentUpdate, { incident, status: input.status, message: input.message, createdAt: at });
    await em.flush();
    return this.announce(incident, update);
  }

  /** Posts an update (RESOLVED resolves it); a resolved incident takes no more updates. */
  async postUpdate(em: EntityManager, id: string, status: IncidentStatus, message: string): Promise<IncidentView> {
    const incident = await em.findOne(Incident, { id }, { populate: ['updates'] });
    if (!incident) throw notFound('Incident');
    if (incident.status === IncidentStatus.RESOLVED) throw badInput('incidentId', 'the incident is resolved already');
    const at = new Date(this.now());
    incident.status = status;
    if (status === IncidentStatus.RESOLVED) incident.resolvedAt = at;
    const update = em.create(IncidentUpdate, { incident, status, message, createdAt: at });
    await em.flush();
    return this.announce(incident, update);
  }

  private announce(incident: Incident, update: IncidentUpdate): IncidentView {
    const view = incidentView(incident);
    const post: IncidentPost = { incident: view, updateId: update.id };
    this.pubSub.publish(INCIDENT_POSTED, post);
    return view;
  }
}

/** One entry per day from `firstDay` for STATUS_HISTORY_DAYS days; days without traffic have zero attempts. */
function fillDays(points: HistoryPoint[], firstDay: Date): DailyTally[] {
  const byDay = new Map(points.map((p) => [p.at.getTime(), p]));
  return Array.from({ length: STATUS_HISTORY_DAYS }, (_, i) => {
    const day = new Date(firstDay.getTime() + i * DAY_MS);
    const p = byDay.get(day.getTime());
    return { day, ok: p?.ok ?? 0, attempts: p?.attempts ?? 0 };
  });
}
