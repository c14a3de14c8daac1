import { Entity, Index, ManyToOne, Property, type Opt, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../db/base.entity.js';
import { Channel } from './channel.entity.js';

/**
 * One upstream API key of a channel. Stored only encrypted (SecretBox, `v1.` format) plus a masked
 * copy for display; each key is enabled on its own so one the upstream rejects can be switched off
 * while the others keep serving (keys are used round-robin).
 */
@Entity({ tableName: 'channel_key' })
export class ChannelKey extends BaseEntity {
  @Index()
  @ManyToOne(() => Channel, { deleteRule: 'cascade' })
  channel!: Rel<Channel>;

  /** Order within the channel (round-robin order). */
  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'text', hidden: true })
  keyEncrypted!: string;

  @Property({ type: 'string', length: 32 })
  keyMasked!: string;

  @Property({ type: 'boolean', default: true })
  enabled: boolean & Opt = true;

  /** Why it was disabled (e.g. "upstream 401 invalid_api_key"), for the admin. */
  @Property({ type: 'string', length: 500, nullable: true })
  disabledReason?: string | null;
}
