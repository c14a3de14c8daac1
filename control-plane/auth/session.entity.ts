import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Account } from '../accounts/account.entity.js';

/** A console login. The primary key is the SHA-256 of the session secret; the secret is never stored. */
@Entity({ tableName: 'session' })
export class Session {
  @PrimaryKey({ type: 'string', length: 64 })
  idHash!: string;

  @Index()
  @ManyToOne(() => Account, { deleteRule: 'cascade' })
  account!: Account;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;
}
