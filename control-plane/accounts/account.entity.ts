import { Entity, Enum, Index, ManyToOne, Property, Unique, type Opt } from '@mikro-orm/core';
import { BaseEntity } from '../db/base.entity.js';

/** Console roles. */
export enum Role {
  User = 'user',
  Admin = 'admin',
}

/** A console account: owns tokens and a prepaid balance (the balance itself is the ledger's sum). */
@Entity({ tableName: 'account' })
export class Account extends BaseEntity {
  /** As typed at registration; uniqueness is on the lower-cased copy. */
  @Property({ type: 'string', length: 12 })
  username!: string;

  @Unique()
  @Property({ type: 'string', length: 12 })
  usernameLower!: string;

  @Property({ type: 'string', length: 254 })
  email!: string;

  @Unique()
  @Property({ type: 'string', length: 254 })
  emailLower!: string;

  @Property({ type: 'string', hidden: true })
  passwordHash!: string;

  @Enum({ items: () => Role, nativeEnumName: 'account_role' })
  role: Role & Opt = Role.User;

  /** This account's own invite code, given to people it invites. */
  @Unique()
  @Property({ type: 'string', length: 16 })
  inviteCode!: string;

  @Index()
  @ManyToOne(() => Account, { nullable: true, deleteRule: 'set null' })
  invitedBy?: Account;

  /** Set while an administrator has disabled the account: no login, no session, no working token. */
  @Property({ type: 'timestamptz', nullable: true })
  disabledAt?: Date | null;

  /** The administrator's reason for disabling it. */
  @Property({ type: 'string', length: 500, nullable: true })
  disabledReason?: string | null;

  /** The account's requests per minute, all its tokens together; null: no limit (RateLimits, see shared/limits/rate-limits.ts). */
  @Property({ type: 'integer', nullable: true })
  rateRpm?: number | null;

  /** Tokens (input + output) per minute; null: no limit. */
  @Property({ type: 'integer', nullable: true })
  rateTpm?: number | null;

  /** Requests in flight at once; null: no limit. */
  @Property({ type: 'integer', nullable: true })
  rateConcurrency?: number | null;
}
