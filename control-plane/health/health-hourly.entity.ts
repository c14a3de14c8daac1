import { BigIntType, Entity, Index, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/**
 * One hour of upstream attempt outcomes for one group, channel, model, node, client format and
 * stream mode: the folded minute buckets (docs/architecture.md, "Health and the status page"). Rows are written whole with the
 * hour's totals (never incremented), so folding a bucket twice cannot double count. Kept 90+ days.
 */
@Entity({ tableName: 'health_hourly' })
@Index({ properties: ['group', 'hour'] })
export class HealthHourly {
  /** Start of the hour (UTC). */
  @PrimaryKey({ type: 'timestamptz' })
  hour!: Date;

  @PrimaryKey({ type: 'string', length: 64, fieldName: 'group_name' })
  group!: string;

  @PrimaryKey({ type: 'string', length: 64 })
  channel!: string;

  @PrimaryKey({ type: 'string', length: 200 })
  model!: string;

  @PrimaryKey({ type: 'string', length: 64 })
  node!: string;

  @PrimaryKey({ type: 'string', length: 32 })
  format!: string;

  @PrimaryKey({ type: 'boolean' })
  stream!: boolean;

  @Property({ type: 'integer', default: 0 })
  ok: number & Opt = 0;

  @Property({ type: 'integer', default: 0 })
  connect: number & Opt = 0;

  @Property({ type: 'integer', default: 0 })
  timeout: number & Opt = 0;

  @Property({ type: 'integer', default: 0, fieldName: 'upstream_4xx' })
  upstream4xx: number & Opt = 0;

  @Property({ type: 'integer', default: 0, fieldName: 'upstream_5xx' })
  upstream5xx: number & Opt = 0;

  @Property({ type: 'integer', default: 0 })
  cutStream: number & Opt = 0;

  @Property({ type: 'integer', default: 0 })
  badResponse: number & Opt = 0;

  /** Sum of attempt latencies, ms. */
  @Property({ type: new BigIntType('number'), default: 0 })
  latencyMs: number & Opt = 0;

  /** Sum of times to first byte, ms, over `ttfbN` attempts that got one. */
  @Property({ type: new BigIntType('number'), default: 0 })
  ttfbMs: number & Opt = 0;

  @Property({ type: 'integer', default: 0 })
  ttfbN: number & Opt = 0;
}
