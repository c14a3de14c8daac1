import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { rateOf, type Tally } from '../health/state.js';
import { IncidentImpact, IncidentStatus } from './incident.entity.js';
import type { IncidentView } from './incident.view.js';
import type { DailyTally, IncidentPost, StatusPage } from './status.service.js';

registerEnumType(IncidentStatus, { name: 'IncidentStatus', description: 'RESOLVED closes an incident' });
registerEnumType(IncidentImpact, { name: 'IncidentImpact' });

/** One timestamped update. */
@ObjectType('IncidentUpdate')
export class IncidentUpdateType {
  @Field(() => ID)
  id!: string;

  @Field(() => IncidentStatus)
  status!: IncidentStatus;

  @Field(() => String)
  message!: string;

  @Field(() => Date)
  createdAt!: Date;
}

/** An incident notice. */
@ObjectType('Incident', { description: 'An incident notice on the status page' })
export class IncidentType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => IncidentImpact)
  impact!: IncidentImpact;

  @Field(() => IncidentStatus)
  status!: IncidentStatus;

  @Field(() => [String], { description: 'Affected groups; empty = the service as a whole' })
  groups!: string[];

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  resolvedAt!: Date | null;

  @Field(() => [IncidentUpdateType], { description: 'Oldest first; the first was posted with the incident' })
  updates!: IncidentUpdateType[];

  static from(v: IncidentView): IncidentType {
    return Object.assign(new IncidentType(), {
      ...v,
      createdAt: new Date(v.createdAt),
      resolvedAt: v.resolvedAt ? new Date(v.resolvedAt) : null,
      updates: v.updates.map((u) => Object.assign(new IncidentUpdateType(), { ...u, createdAt: new Date(u.createdAt) })),
    });
  }
}

/** An incident was created, updated or resolved. */
@ObjectType('IncidentPost')
export class IncidentPostType {
  @Field(() => IncidentType, { description: 'The incident as it now stands' })
  incident!: IncidentType;

  @Field(() => IncidentUpdateType, { description: 'The update just posted' })
  update!: IncidentUpdateType;

  static from(p: IncidentPost): IncidentPostType {
    const incident = IncidentType.from(p.incident);
    return Object.assign(new IncidentPostType(), { incident, update: incident.updates.find((u) => u.id === p.updateId)! });
  }
}

/** Availability over one window, against the target. */
@ObjectType('AvailabilityFigure')
export class AvailabilityFigureType {
  @Field(() => String, { description: '24h, 7d, 30d or 90d' })
  window!: string;

  @Field(() => Float, { nullable: true, description: 'Share of successful upstream attempts, 0..1; null without traffic' })
  availability!: number | null;

  @Field(() => Int)
  requests!: number;

  @Field(() => Boolean, { nullable: true, description: 'availability >= target; null without traffic' })
  meetsTarget!: boolean | null;
}

/** One day of history. */
@ObjectType('DailyAvailability')
export class DailyAvailabilityType {
  @Field(() => Date, { description: 'The UTC day' })
  day!: Date;

  @Field(() => Float, { nullable: true, description: 'Null: no traffic that day' })
  availability!: number | null;

  @Field(() => Int)
  requests!: number;

  static from(d: DailyTally): DailyAvailabilityType {
    return Object.assign(new DailyAvailabilityType(), { day: d.day, availability: rateOf(d), requests: d.attempts });
  }
}

/** 90 days of one node or group. */
@ObjectType('AvailabilityHistory')
export class AvailabilityHistoryType {
  @Field(() => String, { description: 'Node name or group name' })
  name!: string;

  @Field(() => [DailyAvailabilityType], { description: '90 days, oldest first, today last' })
  days!: DailyAvailabilityType[];
}

/** The public status page. */
@ObjectType('StatusPage', { description: 'Public status: availability against the target, 90 days of history, incidents' })
export class StatusPageType {
  @Field(() => Float, { description: 'The stated availability, 0.999' })
  target!: number;

  @Field(() => [AvailabilityFigureType])
  overall!: AvailabilityFigureType[];

  @Field(() => [AvailabilityHistoryType], { description: 'Per data-plane node' })
  nodes!: AvailabilityHistoryType[];

  @Field(() => [AvailabilityHistoryType], { description: 'Per public group' })
  groups!: AvailabilityHistoryType[];

  @Field(() => [IncidentType], { description: 'Open incidents and those of the last 90 days, newest first' })
  incidents!: IncidentType[];

  static from(p: StatusPage): StatusPageType {
    const figure = (label: string, t: Tally) => {
      const availability = rateOf(t);
      return Object.assign(new AvailabilityFigureType(), { window: label, availability, requests: t.attempts, meetsTarget: availability === null ? null : availability >= p.target });
    };
    const history = (name: string, days: DailyTally[]) => Object.assign(new AvailabilityHistoryType(), { name, days: days.map((d) => DailyAvailabilityType.from(d)) });
    return Object.assign(new StatusPageType(), {
      target: p.target,
      overall: p.overall.map((o) => figure(o.label, o.tally)),
      nodes: p.nodes.map((n) => history(n.node, n.days)),
      groups: p.groups.map((g) => history(g.group, g.days)),
      incidents: p.incidents.map((i) => IncidentType.from(i)),
    });
  }
}
