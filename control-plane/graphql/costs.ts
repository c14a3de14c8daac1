import { getNamedType, isLeafType, isListType, isNonNullType, type GraphQLOutputType } from 'graphql';
import type { ComplexityEstimator } from 'graphql-query-complexity';

/**
 * What a field costs in an operation's budget (see limits.ts): its own `work`, plus, for each item
 * it returns, one per object (nothing per scalar or enum: values already at hand, `__typename`
 * included) and what the item's selection costs. A field returns as many items as its page-size
 * argument says (`first`, `limit`; its default when omitted), else a list its declared `items`
 * or {@link DEFAULT_LIST_ITEMS}, else one. So a cost counts the objects an answer holds plus the
 * work behind it. Fields missing from {@link FIELD_COSTS} do no work of their own.
 */
export interface FieldCost {
  work: number;
  /** How many items a list returns at most, for costing (page types: 1, see PAGE_ITEMS; 0: counted elsewhere). */
  items?: number;
}

/** Work tiers, from a value already in memory to a run over every account. */
export const Work = {
  /** Nothing beyond what the parent already holds. */
  NONE: 0,
  /** Each object of an answer. */
  OBJECT: 1,
  /** Reads one row, or a small table by key. */
  LOOKUP: 5,
  /** A write of a few rows. */
  WRITE: 10,
  /** Scans or counts a table (a page of a list, a search). */
  SCAN: 50,
  /** Aggregates history over groups, nodes, days or accounts. */
  AGGREGATE: 200,
  /** Password hashing, an upstream call, mail, or a run over every account. */
  HEAVY: 500,
} as const;

/** Lists with neither a page size nor a declared size count as this many items. */
export const DEFAULT_LIST_ITEMS = 10;

/** Arguments that set how many items a field returns. */
const PAGE_SIZE_ARGS = ['first', 'limit'] as const;

/** The items of a page type: already multiplied by the page size of the field that returned the page. */
const PAGE_ITEMS: FieldCost = { work: Work.NONE, items: 1 };

/** Costs by `Type.field`; the rest do no work of their own. Checked against the schema by a test. */
export const FIELD_COSTS: Readonly<Record<string, FieldCost>> = {
  // Introspection answers are built from the schema in memory, but they are large.
  'Query.__schema': { work: Work.SCAN },
  'Query.__type': { work: Work.LOOKUP },
  // Wraps the type above it (NON_NULL, LIST): a chain of them is one type reference, counted once.
  '__Type.ofType': { work: Work.NONE, items: 0 },

  'Query.account': { work: Work.LOOKUP },
  'Query.accountBalance': { work: Work.LOOKUP },
  'Query.accountLedger': { work: Work.SCAN },
  'Query.accountTokens': { work: Work.LOOKUP, items: 50 },
  'Query.accounts': { work: Work.SCAN },
  'Query.channel': { work: Work.LOOKUP },
  'Query.channels': { work: Work.SCAN, items: 30 },
  'Query.dataPlanes': { work: Work.LOOKUP },
  'Query.exchangeRate': { work: Work.LOOKUP },
  'Query.exchangeRateHistory': { work: Work.SCAN },
  'Query.feeList': { work: Work.AGGREGATE },
  'Query.feeListVendors': { work: Work.SCAN, items: 50 },
  'Query.group': { work: Work.LOOKUP },
  'Query.groupAvailability': { work: Work.AGGREGATE, items: 20 },
  'Query.groupHealthHistory': { work: Work.AGGREGATE, items: 100 },
  'Query.groups': { work: Work.LOOKUP, items: 20 },
  'Query.me': { work: Work.LOOKUP },
  'Query.model': { work: Work.LOOKUP },
  'Query.models': { work: Work.SCAN },
  'Query.myBalance': { work: Work.LOOKUP },
  'Query.myLedger': { work: Work.SCAN },
  'Query.myTokens': { work: Work.LOOKUP, items: 50 },
  'Query.myTopUp': { work: Work.LOOKUP },
  'Query.myTopUps': { work: Work.SCAN },
  'Query.myUsage': { work: Work.SCAN },
  'Query.myUsageTotals': { work: Work.AGGREGATE, items: 100 },
  'Query.reconciliation': { work: Work.AGGREGATE },
  'Query.reconciliationRun': { work: Work.LOOKUP },
  'Query.serverInfo': { work: Work.NONE },
  'Query.statusPage': { work: Work.AGGREGATE },
  'Query.token': { work: Work.LOOKUP },
  'Query.tokenKey': { work: Work.LOOKUP },
  'Query.topUpOrders': { work: Work.SCAN },
  'Query.topUpQuote': { work: Work.LOOKUP },
  'Query.usageRecords': { work: Work.SCAN },
  'Query.usageTotals': { work: Work.AGGREGATE, items: 100 },

  'Mutation.adjustBalance': { work: Work.WRITE },
  'Mutation.changePassword': { work: Work.HEAVY },
  'Mutation.createCaptcha': { work: Work.WRITE },
  'Mutation.createChannel': { work: Work.WRITE },
  'Mutation.createGroup': { work: Work.WRITE },
  'Mutation.createIncident': { work: Work.WRITE },
  'Mutation.createModel': { work: Work.WRITE },
  'Mutation.createRedemptionCodes': { work: Work.SCAN },
  'Mutation.createToken': { work: Work.WRITE },
  'Mutation.createTopUp': { work: Work.WRITE },
  'Mutation.deleteChannel': { work: Work.WRITE },
  'Mutation.deleteGroup': { work: Work.WRITE },
  'Mutation.deleteModel': { work: Work.WRITE },
  'Mutation.deleteToken': { work: Work.WRITE },
  'Mutation.disableToken': { work: Work.WRITE },
  'Mutation.enableToken': { work: Work.WRITE },
  'Mutation.importModelCatalog': { work: Work.HEAVY },
  'Mutation.login': { work: Work.HEAVY },
  'Mutation.logout': { work: Work.WRITE },
  'Mutation.postIncidentUpdate': { work: Work.WRITE },
  'Mutation.rebuildHotBalances': { work: Work.HEAVY },
  'Mutation.redeemCode': { work: Work.WRITE },
  'Mutation.register': { work: Work.HEAVY },
  'Mutation.requestEmailCode': { work: Work.HEAVY },
  'Mutation.resolveIncident': { work: Work.WRITE },
  'Mutation.runReconciliation': { work: Work.HEAVY },
  'Mutation.setAccountDisabled': { work: Work.WRITE },
  'Mutation.setAccountRateLimits': { work: Work.WRITE },
  'Mutation.setChannelKeyEnabled': { work: Work.WRITE },
  'Mutation.setExchangeRate': { work: Work.WRITE },
  'Mutation.testChannel': { work: Work.HEAVY },
  'Mutation.updateChannel': { work: Work.WRITE },
  'Mutation.updateGroup': { work: Work.WRITE },
  'Mutation.updateModel': { work: Work.WRITE },
  'Mutation.updateToken': { work: Work.WRITE },

  // Each event is pushed to every subscriber; a tick of groupHealth recomputes the availability page.
  'Subscription.balanceChanged': { work: Work.LOOKUP },
  'Subscription.dataPlaneStatusChanged': { work: Work.LOOKUP },
  'Subscription.groupHealth': { work: Work.AGGREGATE, items: 20 },
  'Subscription.groupHealthChanged': { work: Work.LOOKUP },
  'Subscription.incidentPosted': { work: Work.LOOKUP },

  'AccountPage.items': PAGE_ITEMS,
  'FeeListConnection.nodes': PAGE_ITEMS,
  'LedgerPage.items': PAGE_ITEMS,
  'ModelConnection.nodes': PAGE_ITEMS,
  'TopUpPage.items': PAGE_ITEMS,
  'UsagePage.items': PAGE_ITEMS,

  // Read from the rate limiter's counters in Redis, per token.
  'ApiToken.rateUse': { work: Work.LOOKUP },
  'AvailabilityHistory.days': { work: Work.NONE, items: 90 },
  'Channel.keys': { work: Work.NONE, items: 5 },
  'Channel.models': { work: Work.NONE, items: 20 },
  'GroupAvailability.channels': { work: Work.NONE, items: 20 },
  'GroupAvailability.models': { work: Work.NONE, items: 20 },
  'ReconciliationRun.drifting': { work: Work.NONE, items: 50 },
  'StatusPage.groups': { work: Work.NONE, items: 10 },
  'StatusPage.nodes': { work: Work.NONE, items: 5 },
  'StatusPage.incidents': { work: Work.NONE, items: 20 },
  'StatusPage.overall': { work: Work.NONE, items: 4 },
};

function isList(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type);
}

/** The graphql-query-complexity estimator that applies {@link FIELD_COSTS} and the rules above. */
export const fieldCostEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  const declared = FIELD_COSTS[`${type.name}.${field.name}`];
  const pageSize = PAGE_SIZE_ARGS.map((name) => args[name]).find((value): value is number => typeof value === 'number');
  const items = pageSize !== undefined ? Math.max(1, pageSize) : (declared?.items ?? (isList(field.type) ? DEFAULT_LIST_ITEMS : 1));
  const perItem = isLeafType(getNamedType(field.type)) ? Work.NONE : Work.OBJECT;
  return (declared?.work ?? Work.NONE) + items * (perItem + childComplexity);
};
