import { Migration } from '@mikro-orm/migrations';

export class Migration20261202100000_channel_idle_timeout extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "channel" add column "idle_timeout_seconds" int null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "channel" drop column "idle_timeout_seconds";`);
  }

}
