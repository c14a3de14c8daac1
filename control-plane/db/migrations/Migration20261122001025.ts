import { Migration } from '@mikro-orm/migrations';

export class Migration20261122001025 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create type "account_role" as enum ('user', 'admin');`);
    this.addSql(`create type "billing_kind" as enum ('tokens', 'per_request');`);
    this.addSql(`create type "group_status" as enum ('active', 'disabled');`);
    this.addSql(`create type "ledger_kind" as enum ('trial_credit', 'top_up', 'usage', 'refund', 'adjustment', 'redemption', 'invite_reward');`);
    this.addSql(`create type "token_status" as enum ('active', 'disabled');`);
    this.addSql(`create table "account" ("id" uuid not null, "created_at" timestamptz not null, "username" varchar(12) not null, "username_lower" varchar(12) not null, "email" varchar(254) not null, "email_lower" varchar(254) not null, "password_hash" varchar(255) not null, "role" "account_role" not null default 'user', "invite_code" varchar(16) not null, "invited_by_id" uuid null, constraint "account_pkey" primary key ("id"));`);
    this.addSql(`alter table "account" add constraint "account_username_lower_unique" unique ("username_lower");`);
    this.addSql(`alter table "account" add constraint "account_email_lower_unique" unique ("email_lower");`);
    this.addSql(`alter table "account" add constraint "account_invite_code_unique" unique ("invite_code");`);
    this.addSql(`create index "account_invited_by_id_index" on "account" ("invited_by_id");`);

    this.addSql(`create table "route_group" ("name" varchar(64) not null, "display_name" varchar(100) not null, "description" text not null default '', "price_multiplier" numeric(12,6) not null, "formats" text[] not null, "recommended_format" varchar(32) not null, "billing_kind" "billing_kind" not null default 'tokens', "auto_route" boolean not null default true, "is_public" boolean not null default true, "status" "group_status" not null default 'active', "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "route_group_pkey" primary key ("name"));`);

    this.addSql(`create table "ledger_entry" ("id" bigserial primary key, "account_id" uuid not null, "kind" "ledger_kind" not null, "amount_micro" bigint not null, "idempotency_key" varchar(200) not null, "memo" varchar(500) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "ledger_entry_account_id_index" on "ledger_entry" ("account_id");`);
    this.addSql(`alter table "ledger_entry" add constraint "ledger_entry_idempotency_key_unique" unique ("idempotency_key");`);

    this.addSql(`create table "session" ("id_hash" varchar(64) not null, "account_id" uuid not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, constraint "session_pkey" primary key ("id_hash"));`);
    this.addSql(`create index "session_account_id_index" on "session" ("account_id");`);

    this.addSql(`create table "api_token" ("id" uuid not null, "created_at" timestamptz not null, "account_id" uuid not null, "name" varchar(64) not null, "key_hash" varchar(64) not null, "key_encrypted" text not null, "key_masked" varchar(32) not null, "groups" text[] not null, "status" "token_status" not null default 'active', "expires_at" timestamptz null, "spend_cap_micro" bigint null, "model_allow_list" text[] null, "deleted_at" timestamptz null, constraint "api_token_pkey" primary key ("id"));`);
    this.addSql(`create index "api_token_account_id_index" on "api_token" ("account_id");`);
    this.addSql(`alter table "api_token" add constraint "api_token_key_hash_unique" unique ("key_hash");`);

    this.addSql(`alter table "account" add constraint "account_invited_by_id_foreign" foreign key ("invited_by_id") references "account" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "ledger_entry" add constraint "ledger_entry_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "session" add constraint "session_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "api_token" add constraint "api_token_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete cascade;`);
  }

}
