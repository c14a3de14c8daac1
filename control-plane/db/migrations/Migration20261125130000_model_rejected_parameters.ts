import { Migration } from '@mikro-orm/migrations';

export class Migration20261125130000_model_rejected_parameters extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "model" add column "rejected_parameters" text[] not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "model" drop column "rejected_parameters";`);
  }

}
