import { PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** Common columns: a UUID primary key and creation time. */
export abstract class BaseEntity {
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = new Date();
}
