import { Account } from '../accounts/account.entity.js';
import { Session } from '../auth/session.entity.js';
import { LedgerEntry } from '../ledger/ledger-entry.entity.js';
import { Token } from '../tokens/token.entity.js';
import { Group } from '../catalog/group.entity.js';
import { Channel } from '../catalog/channel.entity.js';
import { ChannelKey } from '../catalog/channel-key.entity.js';
import { ChannelGroup } from '../catalog/channel-group.entity.js';
import { CatalogModel, PriceTable } from '../catalog/model.entity.js';
import { ExchangeRate } from '../catalog/exchange-rate.entity.js';
import { SeedStep } from '../catalog/seed-step.entity.js';
import { UsageRecord } from '../usage/usage-record.entity.js';
import { TopUpOrder } from '../topup/top-up-order.entity.js';
import { RedemptionCode } from '../topup/redemption-code.entity.js';
import { HealthHourly } from '../health/health-hourly.entity.js';
import { Incident, IncidentUpdate } from '../status/incident.entity.js';

/** Every entity the ORM knows; add new ones here (explicit beats folder scanning under swc). */
export const ENTITIES = [Account, Session, LedgerEntry, Token, Group, Channel, ChannelKey, ChannelGroup, CatalogModel, PriceTable, ExchangeRate, SeedStep, UsageRecord, TopUpOrder, RedemptionCode, HealthHourly, Incident, IncidentUpdate];
