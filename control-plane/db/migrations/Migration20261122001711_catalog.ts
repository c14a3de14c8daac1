import { Migration } from '@mikro-orm/migrations';

export class Migration20261122001711_catalog extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create type "model_kind" as enum ('text', 'image', 'video');`);
    this.addSql(`create type "channel_kind" as enum ('openai', 'azure-openai', 'anthropic', 'gemini', 'openai-compatible', 'demo');`);
    this.addSql(`create type "channel_status" as enum ('active', 'disabled');`);
    this.addSql(`create table "model" ("id" uuid not null, "created_at" timestamptz not null, "model_id" varchar(200) not null, "aliases" text[] not null, "vendor" varchar(64) not null, "kind" "model_kind" not null default 'text', "price_input" numeric(30,18) null, "price_output" numeric(30,18) null, "price_cache_read" numeric(30,18) null, "price_cache_write5m" numeric(30,18) null, "price_cache_write1h" numeric(30,18) null, "price_image" numeric(30,18) null, "price_video_second" numeric(30,18) null, "price_per_request" numeric(30,18) null, "multiplier" numeric(12,6) not null default 1, "context_limit" int null, "output_limit" int null, "default_max_output_tokens" int null, "manual_price_override" boolean not null default false, "source" varchar(100) not null default 'admin', "updated_at" timestamptz not null, constraint "model_pkey" primary key ("id"));`);
    this.addSql(`alter table "model" add constraint "model_model_id_unique" unique ("model_id");`);
    this.addSql(`create index "model_vendor_index" on "model" ("vendor");`);

    this.addSql(`create table "channel" ("id" uuid not null, "created_at" timestamptz not null, "name" varchar(100) not null, "kind" "channel_kind" not null, "base_url" varchar(500) not null default '', "models" text[] not null, "model_mapping" jsonb not null, "connect_timeout_ms" int not null default 10000, "first_byte_timeout_ms" int not null default 60000, "total_timeout_ms" int not null default 600000, "azure_api_version" varchar(32) null, "azure_deployment" varchar(100) null, "status" "channel_status" not null default 'active', "updated_at" timestamptz not null, constraint "channel_pkey" primary key ("id"));`);
    this.addSql(`alter table "channel" add constraint "channel_name_unique" unique ("name");`);

    this.addSql(`create table "channel_key" ("id" uuid not null, "created_at" timestamptz not null, "channel_id" uuid not null, "position" int not null, "key_encrypted" text not null, "key_masked" varchar(32) not null, "enabled" boolean not null default true, "disabled_reason" varchar(500) null, constraint "channel_key_pkey" primary key ("id"));`);
    this.addSql(`create index "channel_key_channel_id_index" on "channel_key" ("channel_id");`);

    this.addSql(`create table "catalog_seed" ("step" varchar(64) not null, "applied_at" timestamptz not null, constraint "catalog_seed_pkey" primary key ("step"));`);

    this.addSql(`create table "exchange_rate" ("id" serial primary key, "rate" numeric(12,6) not null, "note" varchar(500) not null default '', "set_by" uuid null, "created_at" timestamptz not null);`);

    this.addSql(`create table "channel_group" ("id" uuid not null, "created_at" timestamptz not null, "channel_id" uuid not null, "group_name" varchar(64) not null, "priority" int not null default 0, "weight" int not null default 1, constraint "channel_group_pkey" primary key ("id"));`);
    this.addSql(`create index "channel_group_group_name_index" on "channel_group" ("group_name");`);
    this.addSql(`alter table "channel_group" add constraint "channel_group_channel_id_group_name_unique" unique ("channel_id", "group_name");`);

    this.addSql(`alter table "channel_key" add constraint "channel_key_channel_id_foreign" foreign key ("channel_id") references "channel" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "channel_group" add constraint "channel_group_channel_id_foreign" foreign key ("channel_id") references "channel" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "channel_group" add constraint "channel_group_group_name_foreign" foreign key ("group_name") references "route_group" ("name") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "channel_key" drop constraint "channel_key_channel_id_foreign";`);

    this.addSql(`alter table "channel_group" drop constraint "channel_group_channel_id_foreign";`);

    this.addSql(`drop table if exists "model" cascade;`);

    this.addSql(`drop table if exists "channel" cascade;`);

    this.addSql(`drop table if exists "channel_key" cascade;`);

    this.addSql(`drop table if exists "catalog_seed" cascade;`);

    this.addSql(`drop table if exists "exchange_rate" cascade;`);

    this.addSql(`drop table if exists "channel_group" cascade;`);

    this.addSql(`drop type "model_kind";`);
    this.addSql(`drop type "channel_kind";`);
    this.addSql(`drop type "channel_status";`);
  }

}
