import type { BuildSchemaOptions } from 'type-graphql';
import { SystemResolver } from './system.resolver.js';
import { BillingResolver } from '../billing/billing.resolver.js';
import { TopUpResolver } from '../topup/topup.resolver.js';
import { ChannelResolver } from '../catalog/channel.resolver.js';
import { ExchangeRateResolver } from '../catalog/exchange-rate.resolver.js';
import { FeeListResolver } from '../catalog/fee-list.resolver.js';
import { GroupResolver } from '../catalog/group.resolver.js';
import { ModelResolver } from '../catalog/model.resolver.js';
import { TokenResolver } from '../tokens/token.resolver.js';
import { AccountResolver } from '../accounts/account.resolver.js';
import { AccountAdminResolver } from '../accounts/account-admin.resolver.js';
import { AuthResolver } from '../auth/auth.resolver.js';
import { RegistrationResolver } from '../registration/registration.resolver.js';
import { DataPlaneResolver } from '../dataplanes/dataplane.resolver.js';
import { HealthResolver } from '../health/health.resolver.js';
import { StatusResolver } from '../status/status.resolver.js';

/** Every resolver class of the API; the schema is built (and emitted) from this list. */
export const RESOLVERS: BuildSchemaOptions['resolvers'] = [SystemResolver, BillingResolver, TopUpResolver, GroupResolver, ChannelResolver, ModelResolver, ExchangeRateResolver, FeeListResolver, TokenResolver, AccountResolver, AccountAdminResolver, AuthResolver, RegistrationResolver, DataPlaneResolver, HealthResolver, StatusResolver];
