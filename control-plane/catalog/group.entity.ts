import { ArrayType, Entity, Enum, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import type { GroupFormat } from '../../shared/formats.js';
import { CanonicalDecimalType } from './decimal-column.js';

/** How a group charges: by metered tokens (pay-per-use) or a fixed price per request. */
export enum BillingKind {
  Tokens = 'tokens',
  PerRequest = 'per_request',
}

/** Whether a group takes traffic at all (health is separate, see the health domain). */
export enum GroupStatus {
  Active = 'active',
  Disabled = 'disabled',
}

/** A named routing pool of upstream channels with a price multiplier; decides which wire formats a token may use. */
@Entity({ tableName: 'route_group' })
export class Group {
  /** Stable identifier, e.g. `alpha_code`; tokens refer to groups by it. */
  @PrimaryKey({ type: 'string', length: 64 })
  name!: string;

  @Property({ type: 'string', length: 100 })
  displayName!: string;

  @Property({ type: 'text', default: '' })
  description: string & Opt = '';

  /** Price multiplier as a canonical decimal string, e.g. "4.5"; always > 0. */
  @Property({ type: CanonicalDecimalType, precision: 12, scale: 6 })
  priceMultiplier!: string;

  /** The formats this group accepts: wire formats and media endpoints (shared/formats.ts). */
  @Property({ type: ArrayType })
  formats!: GroupFormat[];

  @Property({ type: 'string', length: 32 })
  recommendedFormat!: GroupFormat;

  @Enum({ items: () => BillingKind, nativeEnumName: 'billing_kind' })
  billingKind: BillingKind & Opt = BillingKind.Tokens;

  /** May automatic routing (tokens with no group) use this group? */
  @Property({ type: 'boolean', default: true })
  autoRoute: boolean & Opt = true;

  /** Shown to everyone (fee list, availability), or admin-only. */
  @Property({ type: 'boolean', default: true })
  isPublic: boolean & Opt = true;

  @Enum({ items: () => GroupStatus, nativeEnumName: 'group_status' })
  status: GroupStatus & Opt = GroupStatus.Active;

  /** The group's requests per minute, every account's together; null: no limit (RateLimits, see shared/limits/rate-limits.ts). */
  @Property({ type: 'integer', nullable: true })
  rateRpm?: number | null;

  /** Tokens (input + output) per minute; null: no limit. */
  @Property({ type: 'integer', nullable: true })
  rateTpm?: number | null;

  /** Requests in flight at once; null: no limit. */
  @Property({ type: 'integer', nullable: true })
  rateConcurrency?: number | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
