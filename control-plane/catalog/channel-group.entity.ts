import { Entity, Index, ManyToOne, Property, Unique, type Opt, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../db/base.entity.js';
import { Channel } from './channel.entity.js';
import { Group } from './group.entity.js';

/**
 * A channel's membership in a group. Within a group, channels are tried by `priority` (higher
 * first), and picked at random by `weight` among channels of the same priority.
 */
@Entity({ tableName: 'channel_group' })
@Unique({ properties: ['channel', 'group'] })
export class ChannelGroup extends BaseEntity {
  @ManyToOne(() => Channel, { deleteRule: 'cascade' })
  channel!: Rel<Channel>;

  @Index()
  @ManyToOne(() => Group, { deleteRule: 'cascade' })
  group!: Rel<Group>;

  @Property({ type: 'integer', default: 0 })
  priority: number & Opt = 0;

  @Property({ type: 'integer', default: 1 })
  weight: number & Opt = 1;
}
