import { ArrayType, BigIntType, Entity, Enum, Index, ManyToOne, Property, Unique, type Opt } from '@mikro-orm/core';
import { Account } from '../accounts/account.entity.js';
import { BaseEntity } from '../db/base.entity.js';

/** A token's own switch (expiry is separate). */
export enum TokenStatus {
  Active = 'active',
  Disabled = 'disabled',
}

/**
 * An API key (`sk-` + 48 base62). Looked up by SHA-256; kept encrypted so its owner can copy it
 * again; never stored or logged in clear. Deleting sets `deletedAt` so usage history keeps its token.
 */
@Entity({ tableName: 'api_token' })
export class Token extends BaseEntity {
  @Index()
  @ManyToOne(() => Account, { deleteRule: 'cascade' })
  account!: Account;

  @Property({ type: 'string', length: 64 })
  name!: string;

  @Unique()
  @Property({ type: 'string', length: 64 })
  keyHash!: string;

  @Property({ type: 'text', hidden: true })
  keyEncrypted!: string;

  /** Masked key for lists, e.g. `sk-Ab3...x9Qz`. */
  @Property({ type: 'string', length: 32 })
  keyMasked!: string;

  /** Ordered group names: main group, then fallbacks. Empty routes automatically. */
  @Property({ type: ArrayType })
  groups: string[] & Opt = [];

  @Enum({ items: () => TokenStatus, nativeEnumName: 'token_status' })
  status: TokenStatus & Opt = TokenStatus.Active;

  @Property({ type: 'timestamptz', nullable: true })
  expiresAt?: Date | null;

  /** Spending cap in micro-RMB, or none. */
  @Property({ type: new BigIntType('string'), nullable: true })
  spendCapMicro?: string | null;

  /** Models this token may call; null for any. */
  @Property({ type: ArrayType, nullable: true })
  modelAllowList?: string[] | null;

  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date;

  /** Requests per minute; null: no limit (RateLimits, see shared/limits/rate-limits.ts). */
  @Property({ type: 'integer', nullable: true })
  rateRpm?: number | null;

  /** Tokens (input + output) per minute; null: no limit. */
  @Property({ type: 'integer', nullable: true })
  rateTpm?: number | null;

  /** Requests in flight at once; null: no limit. */
  @Property({ type: 'integer', nullable: true })
  rateConcurrency?: number | null;
}
