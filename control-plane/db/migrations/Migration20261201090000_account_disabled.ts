import { Migration } from '@mikro-orm/migrations';

export class Migration20261201090000_account_disabled extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "account" add column "disabled_at" timestamptz null, add column "disabled_reason" varchar(500) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "account" drop column "disabled_at", drop column "disabled_reason";`);
  }

}
