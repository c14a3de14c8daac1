import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/**
 * A first-start seeding step that has run. Each step runs once per database, ever: what an admin
 * later edits or deletes is never re-seeded.
 */
@Entity({ tableName: 'catalog_seed' })
export class SeedStep {
  @PrimaryKey({ type: 'string', length: 64 })
  step!: string;

  @Property({ type: 'timestamptz' })
  appliedAt: Date & Opt = new Date();
}
