import { Migration } from '@mikro-orm/migrations';

/** Rate limits (requests per minute, tokens per minute, concurrency) on tokens, accounts and groups; null: none. */
export class Migration20261203090000_rate_limits extends Migration {

  override async up(): Promise<void> {
    for (const table of ['api_token', 'account', 'route_group']) {
      this.addSql(`alter table "${table}" add column "rate_rpm" int null, add column "rate_tpm" int null, add column "rate_concurrency" int null;`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['api_token', 'account', 'route_group']) {
      this.addSql(`alter table "${table}" drop column "rate_rpm", drop column "rate_tpm", drop column "rate_concurrency";`);
    }
  }

}
