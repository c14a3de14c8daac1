import { Migration } from '@mikro-orm/migrations';

export class Migration20261122002202_billing extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create type "top_up_status" as enum ('pending', 'paid', 'credited', 'expired');`);
    this.addSql(`create table "redemption_code" ("id" uuid not null, "created_at" timestamptz not null, "code_hash" varchar(64) not null, "code_masked" varchar(32) not null, "batch_id" uuid not null, "batch_name" varchar(200) not null default '', "amount_micro" bigint not null, "created_by" uuid not null, "redeemed_by_id" uuid null, "redeemed_at" timestamptz null, constraint "redemption_code_pkey" primary key ("id"));`);
    this.addSql(`alter table "redemption_code" add constraint "redemption_code_code_hash_unique" unique ("code_hash");`);
    this.addSql(`create index "redemption_code_batch_id_index" on "redemption_code" ("batch_id");`);
    this.addSql(`create index "redemption_code_redeemed_by_id_index" on "redemption_code" ("redeemed_by_id");`);

    this.addSql(`create table "top_up_order" ("id" uuid not null, "created_at" timestamptz not null, "out_trade_no" varchar(64) not null, "account_id" uuid not null, "amount_usd" varchar(40) not null, "exchange_rate" varchar(40) not null, "amount_micro" bigint not null, "status" "top_up_status" not null default 'pending', "provider" varchar(32) not null, "pay_type" varchar(32) not null, "provider_trade_no" varchar(128) null, "expires_at" timestamptz not null, "paid_at" timestamptz null, "credited_at" timestamptz null, constraint "top_up_order_pkey" primary key ("id"));`);
    this.addSql(`alter table "top_up_order" add constraint "top_up_order_out_trade_no_unique" unique ("out_trade_no");`);
    this.addSql(`create index "top_up_order_account_id_index" on "top_up_order" ("account_id");`);

    this.addSql(`create table "usage_record" ("id" bigserial primary key, "event_id" varchar(100) not null, "request_id" varchar(100) not null, "account_id" uuid not null, "token_id" varchar(64) not null, "model" varchar(200) not null, "group" varchar(64) null, "channel_id" varchar(64) null, "node" varchar(64) not null, "format_in" varchar(32) not null, "format_out" varchar(32) null, "stream" boolean not null, "input_tokens" int not null, "output_tokens" int not null, "cache_read_tokens" int not null, "cache_write5m_tokens" int not null, "cache_write1h_tokens" int not null, "reasoning_tokens" int not null, "images" int not null, "video_seconds" int not null, "raw_usage" jsonb null, "usage_source" varchar(16) not null, "prices" jsonb not null, "billing" varchar(16) not null, "group_multiplier" varchar(40) not null, "model_multiplier" varchar(40) not null, "exchange_rate" varchar(40) not null, "charge_micro" bigint not null, "reserved_micro" bigint not null, "status" varchar(16) not null, "http_status" int not null, "latency_ms" int not null, "first_byte_ms" int null, "created_at" timestamptz not null, "recorded_at" timestamptz not null);`);
    this.addSql(`alter table "usage_record" add constraint "usage_record_event_id_unique" unique ("event_id");`);
    this.addSql(`create index "usage_record_token_id_created_at_index" on "usage_record" ("token_id", "created_at");`);
    this.addSql(`create index "usage_record_account_id_created_at_index" on "usage_record" ("account_id", "created_at");`);

    this.addSql(`alter table "redemption_code" add constraint "redemption_code_redeemed_by_id_foreign" foreign key ("redeemed_by_id") references "account" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "top_up_order" add constraint "top_up_order_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "usage_record" add constraint "usage_record_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete restrict;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "redemption_code" cascade;`);

    this.addSql(`drop table if exists "top_up_order" cascade;`);

    this.addSql(`drop table if exists "usage_record" cascade;`);

    this.addSql(`drop type "top_up_status";`);
  }

}
