import { Migration } from '@mikro-orm/migrations';

/** Image and video models' prices by size and quality; usage records keep the size and quality they charged for. */
export class Migration20261204090000_media_units extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "usage_record" add column "unit_size" varchar(32) null, add column "unit_quality" varchar(32) null;`);
    this.addSql(`alter table "model" add column "unit_prices" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "usage_record" drop column "unit_size", drop column "unit_quality";`);
    this.addSql(`alter table "model" drop column "unit_prices";`);
  }

}
