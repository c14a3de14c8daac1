import { ArrayType, Collection, Entity, Enum, ManyToOne, OneToMany, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from '../db/base.entity.js';

/** Where an incident stands; `resolved` closes it. */
export enum IncidentStatus {
  INVESTIGATING = 'investigating',
  IDENTIFIED = 'identified',
  MONITORING = 'monitoring',
  RESOLVED = 'resolved',
}

/** How much of the service an incident affects. */
export enum IncidentImpact {
  MINOR = 'minor',
  MAJOR = 'major',
  CRITICAL = 'critical',
}

/** A notice on the public status page, with its timestamped updates. */
@Entity({ tableName: 'incident' })
export class Incident extends BaseEntity {
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Enum({ items: () => IncidentImpact, nativeEnumName: 'incident_impact' })
  impact!: IncidentImpact;

  @Enum({ items: () => IncidentStatus, nativeEnumName: 'incident_status' })
  status: IncidentStatus & Opt = IncidentStatus.INVESTIGATING;

  /** Groups affected (names); empty = the service as a whole. */
  @Property({ type: ArrayType, default: '{}' })
  groups: string[] & Opt = [];

  @Property({ type: 'timestamptz', nullable: true })
  resolvedAt: Date | null = null;

  @OneToMany(() => IncidentUpdate, (u) => u.incident, { orderBy: { createdAt: 'asc' } })
  updates = new Collection<IncidentUpdate>(this);
}

/** One timestamped update of an incident (the first is posted with it). */
@Entity({ tableName: 'incident_update' })
export class IncidentUpdate extends BaseEntity {
  @ManyToOne(() => Incident, { deleteRule: 'cascade' })
  incident!: Incident;

  @Enum({ items: () => IncidentStatus, nativeEnumName: 'incident_status' })
  status!: IncidentStatus;

  @Property({ type: 'text' })
  message!: string;
}
