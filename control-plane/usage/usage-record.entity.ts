import { BigIntType, Entity, Index, JsonType, ManyToOne, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import type { ModelPrices } from '../../shared/pricing/prices.js';
import { Account } from '../accounts/account.entity.js';

/**
 * One metered request, written from its usage event (docs/architecture.md, Redis contract 4),
 * append-only. It keeps every input of its charge (counts by kind, the raw usage, unit prices,
 * multipliers, rate) so any charge can be recomputed with `computeCharge`. Token, channel and group
 * are kept as plain ids, not foreign keys: history outlives what it refers to.
 */
@Entity({ tableName: 'usage_record' })
@Index({ properties: ['account', 'createdAt'] })
@Index({ properties: ['tokenId', 'createdAt'] })
export class UsageRecord {
  @PrimaryKey({ type: new BigIntType('string'), autoincrement: true })
  id!: string;

  /** The event id: the consumer writes each event once. */
  @Unique()
  @Property({ type: 'string', length: 100 })
  eventId!: string;

  @Property({ type: 'string', length: 100 })
  requestId!: string;

  @ManyToOne(() => Account, { deleteRule: 'restrict' })
  account!: Account;

  @Property({ type: 'string', length: 64 })
  tokenId!: string;

  @Property({ type: 'string', length: 200 })
  model!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  group?: string | null;

  @Property({ type: 'string', length: 64, nullable: true })
  channelId?: string | null;

  @Property({ type: 'string', length: 64 })
  node!: string;

  @Property({ type: 'string', length: 32 })
  formatIn!: string;

  @Property({ type: 'string', length: 32, nullable: true })
  formatOut?: string | null;

  @Property({ type: 'boolean' })
  stream!: boolean;

  @Property({ type: 'integer' })
  inputTokens!: number;

  @Property({ type: 'integer' })
  outputTokens!: number;

  @Property({ type: 'integer' })
  cacheReadTokens!: number;

  @Property({ type: 'integer' })
  cacheWrite5mTokens!: number;

  @Property({ type: 'integer' })
  cacheWrite1hTokens!: number;

  /** The reasoning part of `outputTokens` (never priced on its own). */
  @Property({ type: 'integer' })
  reasoningTokens!: number;

  @Property({ type: 'integer' })
  images!: number;

  @Property({ type: 'integer' })
  videoSeconds!: number;

  /** The size images or video were made at (`1024x1536`), when priced by it; null for text. */
  @Property({ type: 'string', length: 32, nullable: true })
  unitSize?: string | null;

  /** The quality images were made at (`low`, `high`, `hd`), when priced by it; null for text. */
  @Property({ type: 'string', length: 32, nullable: true })
  unitQuality?: string | null;

  /** The usage as the upstream reported it. */
  @Property({ type: JsonType, nullable: true })
  rawUsage?: unknown;

  /** `upstream`, `delivered` (counted from what reached the client) or `none`. */
  @Property({ type: 'string', length: 16 })
  usageSource!: string;

  /** USD unit prices in force (decimal strings). */
  @Property({ type: JsonType })
  prices!: ModelPrices;

  @Property({ type: 'string', length: 16 })
  billing!: string;

  @Property({ type: 'string', length: 40 })
  groupMultiplier!: string;

  @Property({ type: 'string', length: 40 })
  modelMultiplier!: string;

  @Property({ type: 'string', length: 40 })
  exchangeRate!: string;

  /** The charge, micro-RMB. */
  @Property({ type: new BigIntType('string') })
  chargeMicro!: string;

  @Property({ type: new BigIntType('string') })
  reservedMicro!: string;

  /** `success`, `failed` or `aborted`. */
  @Property({ type: 'string', length: 16 })
  status!: string;

  @Property({ type: 'integer' })
  httpStatus!: number;

  @Property({ type: 'integer' })
  latencyMs!: number;

  @Property({ type: 'integer', nullable: true })
  firstByteMs?: number | null;

  /** When the request arrived. */
  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  /** When the control plane wrote the record. */
  @Property({ type: 'timestamptz' })
  recordedAt: Date & Opt = new Date();
}
