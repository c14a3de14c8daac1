import { Migration } from '@mikro-orm/migrations';

export class Migration20261122002839_health extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create type "incident_impact" as enum ('minor', 'major', 'critical');`);
    this.addSql(`create type "incident_status" as enum ('investigating', 'identified', 'monitoring', 'resolved');`);
    this.addSql(`create table "health_hourly" ("hour" timestamptz not null, "group_name" varchar(64) not null, "channel" varchar(64) not null, "model" varchar(200) not null, "node" varchar(64) not null, "format" varchar(32) not null, "stream" boolean not null, "ok" int not null default 0, "connect" int not null default 0, "timeout" int not null default 0, "upstream_4xx" int not null default 0, "upstream_5xx" int not null default 0, "cut_stream" int not null default 0, "bad_response" int not null default 0, "latency_ms" bigint not null default 0, "ttfb_ms" bigint not null default 0, "ttfb_n" int not null default 0, constraint "health_hourly_pkey" primary key ("hour", "group_name", "channel", "model", "node", "format", "stream"));`);
    this.addSql(`create index "health_hourly_group_name_hour_index" on "health_hourly" ("group_name", "hour");`);

    this.addSql(`create table "incident" ("id" uuid not null, "created_at" timestamptz not null, "title" varchar(200) not null, "impact" "incident_impact" not null, "status" "incident_status" not null default 'investigating', "groups" text[] not null default '{}', "resolved_at" timestamptz null, constraint "incident_pkey" primary key ("id"));`);

    this.addSql(`create table "incident_update" ("id" uuid not null, "created_at" timestamptz not null, "incident_id" uuid not null, "status" "incident_status" not null, "message" text not null, constraint "incident_update_pkey" primary key ("id"));`);

    this.addSql(`alter table "incident_update" add constraint "incident_update_incident_id_foreign" foreign key ("incident_id") references "incident" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "incident_update" drop constraint "incident_update_incident_id_foreign";`);

    this.addSql(`drop table if exists "health_hourly" cascade;`);

    this.addSql(`drop table if exists "incident" cascade;`);

    this.addSql(`drop table if exists "incident_update" cascade;`);

    this.addSql(`drop type "incident_impact";`);
    this.addSql(`drop type "incident_status";`);
  }

}
