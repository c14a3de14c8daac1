import { Field, ID, Int, ObjectType } from 'type-graphql';
import { formatMicroRmb } from '../../shared/money.js';
import { PageInfo } from '../graphql/pagination.js';
import type { LedgerEntry } from '../ledger/ledger-entry.entity.js';
import type { UsageRecord } from '../usage/usage-record.entity.js';
import type { TopUpOrder } from '../topup/top-up-order.entity.js';
import { payMoney, type TopUpPrice } from '../topup/topup.service.js';
import type { AccountReconciliation } from './reconcile.js';
import type { ReconciliationRun } from './reconcile.job.js';

const rmb = (micro: bigint | string): string => formatMicroRmb(BigInt(micro));

/** An account's money: the ledger (the truth) and what is spendable right now. */
@ObjectType('Balance')
export class BalanceView {
  @Field(() => ID)
  accountId!: string;

  @Field(() => String, { description: 'Ledger balance, RMB (six decimals)' })
  balanceRmb!: string;

  @Field(() => String, { description: 'Ledger balance, micro-RMB (integer as a string)' })
  balanceMicro!: string;

  @Field(() => String, { nullable: true, description: 'Spendable now, RMB: the ledger minus requests in flight and usage not yet recorded; null while not loaded' })
  spendableRmb!: string | null;

  static of(accountId: string, ledgerMicro: bigint, hotMicro: bigint | null): BalanceView {
    return Object.assign(new BalanceView(), {
      accountId,
      balanceRmb: rmb(ledgerMicro),
      balanceMicro: ledgerMicro.toString(),
      spendableRmb: hotMicro === null ? null : rmb(hotMicro),
    });
  }
}

/** One ledger entry. */
@ObjectType('LedgerEntry')
export class LedgerEntryView {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'trial_credit, top_up, usage, refund, adjustment, redemption, invite_reward' })
  kind!: string;

  @Field(() => String, { description: 'Signed RMB (six decimals): credits positive, charges negative' })
  amountRmb!: string;

  @Field(() => String, { description: 'Signed micro-RMB' })
  amountMicro!: string;

  @Field(() => String, { nullable: true })
  memo!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  static of(e: LedgerEntry): LedgerEntryView {
    return Object.assign(new LedgerEntryView(), { id: e.id, kind: e.kind, amountRmb: rmb(e.amountMicro), amountMicro: e.amountMicro, memo: e.memo ?? null, createdAt: e.createdAt });
  }
}

/** A page of ledger entries, newest first. */
@ObjectType()
export class LedgerPage {
  @Field(() => [LedgerEntryView])
  items!: LedgerEntryView[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}

/** Token counts of a request by kind. */
@ObjectType()
export class UsageCounts {
  @Field(() => Int) input!: number;
  @Field(() => Int) output!: number;
  @Field(() => Int) cacheRead!: number;
  @Field(() => Int) cacheWrite5m!: number;
  @Field(() => Int) cacheWrite1h!: number;
  @Field(() => Int, { description: 'Part of output' }) reasoning!: number;
  @Field(() => Int) images!: number;
  @Field(() => Int) videoSeconds!: number;
}

/** One metered request, with every input of its charge. */
@ObjectType('UsageRecord')
export class UsageRecordView {
  @Field(() => ID) id!: string;
  @Field(() => String) requestId!: string;
  @Field(() => ID) accountId!: string;
  @Field(() => String) tokenId!: string;
  @Field(() => String) model!: string;
  @Field(() => String, { nullable: true }) group!: string | null;
  @Field(() => String, { nullable: true }) channelId!: string | null;
  @Field(() => String, { nullable: true, description: 'Kind of the channel that answered (openai, anthropic, gemini, demo ...), as the channel is now; null when unknown or deleted' })
  channelKind!: string | null;
  @Field(() => String) node!: string;
  @Field(() => String) formatIn!: string;
  @Field(() => String, { nullable: true }) formatOut!: string | null;
  @Field(() => Boolean) stream!: boolean;
  @Field(() => UsageCounts) usage!: UsageCounts;
  @Field(() => String, { nullable: true, description: 'Size of the images or video charged (e.g. 1024x1536); null for text' }) unitSize!: string | null;
  @Field(() => String, { nullable: true, description: 'Quality of the images charged (e.g. high, hd); null for text' }) unitQuality!: string | null;
  @Field(() => String, { nullable: true, description: 'The usage object as the upstream reported it (JSON)' }) rawUsage!: string | null;
  @Field(() => String, { description: 'upstream, delivered (counted from what reached the client) or none' }) usageSource!: string;
  @Field(() => String, { description: 'USD unit prices (JSON of decimal strings; tokens per million)' }) prices!: string;
  @Field(() => String) billing!: string;
  @Field(() => String) groupMultiplier!: string;
  @Field(() => String) modelMultiplier!: string;
  @Field(() => String) exchangeRate!: string;
  @Field(() => String, { description: 'RMB, six decimals' }) chargeRmb!: string;
  @Field(() => String) chargeMicro!: string;
  @Field(() => String, { description: 'success, failed or aborted' }) status!: string;
  @Field(() => Int) httpStatus!: number;
  @Field(() => Int) latencyMs!: number;
  @Field(() => Int, { nullable: true }) firstByteMs!: number | null;
  @Field(() => Date) createdAt!: Date;

  /** The view of `r`; `channelKind` is looked up by the caller (the record keeps only the channel's id). */
  static of(r: UsageRecord, channelKind: string | null = null): UsageRecordView {
    return Object.assign(new UsageRecordView(), {
      id: r.id,
      requestId: r.requestId,
      accountId: r.account.id,
      tokenId: r.tokenId,
      model: r.model,
      group: r.group ?? null,
      channelId: r.channelId ?? null,
      channelKind,
      node: r.node,
      formatIn: r.formatIn,
      formatOut: r.formatOut ?? null,
      stream: r.stream,
      usage: Object.assign(new UsageCounts(), {
        input: r.inputTokens,
        output: r.outputTokens,
        cacheRead: r.cacheReadTokens,
        cacheWrite5m: r.cacheWrite5mTokens,
        cacheWrite1h: r.cacheWrite1hTokens,
        reasoning: r.reasoningTokens,
        images: r.images,
        videoSeconds: r.videoSeconds,
      }),
      unitSize: r.unitSize ?? null,
      unitQuality: r.unitQuality ?? null,
      rawUsage: r.rawUsage == null ? null : JSON.stringify(r.rawUsage),
      usageSource: r.usageSource,
      prices: JSON.stringify(r.prices),
      billing: r.billing,
      groupMultiplier: r.groupMultiplier,
      modelMultiplier: r.modelMultiplier,
      exchangeRate: r.exchangeRate,
      chargeRmb: rmb(r.chargeMicro),
      chargeMicro: r.chargeMicro,
      status: r.status,
      httpStatus: r.httpStatus,
      latencyMs: r.latencyMs,
      firstByteMs: r.firstByteMs ?? null,
      createdAt: r.createdAt,
    });
  }
}

/** A page of usage records, newest first. */
@ObjectType()
export class UsagePage {
  @Field(() => [UsageRecordView])
  items!: UsageRecordView[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}

/** Usage totals of one day (UTC) and model. */
@ObjectType()
export class UsageTotal {
  @Field(() => String, { description: 'YYYY-MM-DD (UTC)' }) day!: string;
  @Field(() => String) model!: string;
  @Field(() => Int) requests!: number;
  @Field(() => String, { description: 'Prompt tokens (input + cache read + cache writes), as a string' }) promptTokens!: string;
  @Field(() => String) outputTokens!: string;
  @Field(() => Int, { description: 'Images generated' }) images!: number;
  @Field(() => Int, { description: 'Seconds of video generated' }) videoSeconds!: number;
  @Field(() => String) chargeRmb!: string;
  @Field(() => String) chargeMicro!: string;
}

/** A top-up order. */
@ObjectType('TopUpOrder')
export class TopUpOrderView {
  @Field(() => ID) id!: string;
  @Field(() => String) outTradeNo!: string;
  @Field(() => ID) accountId!: string;
  @Field(() => String) amountUsd!: string;
  @Field(() => String, { description: 'RMB per USD when the order was made' }) exchangeRate!: string;
  @Field(() => String, { description: 'RMB credited when paid (six decimals)' }) amountRmb!: string;
  @Field(() => String, { description: 'RMB to pay, to the fen' }) payRmb!: string;
  @Field(() => String, { description: 'pending, paid, credited or expired' }) status!: string;
  @Field(() => String) payType!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => Date, { nullable: true }) creditedAt!: Date | null;

  static of(o: TopUpOrder): TopUpOrderView {
    return Object.assign(new TopUpOrderView(), {
      id: o.id,
      outTradeNo: o.outTradeNo,
      accountId: o.account.id,
      amountUsd: o.amountUsd,
      exchangeRate: o.exchangeRate,
      amountRmb: rmb(o.amountMicro),
      payRmb: payMoney(BigInt(o.amountMicro)),
      status: o.status,
      payType: o.payType,
      createdAt: o.createdAt,
      expiresAt: o.expiresAt,
      creditedAt: o.creditedAt ?? null,
    });
  }
}

/** What a top-up would cost and credit at the rate in force now. */
@ObjectType()
export class TopUpQuote {
  @Field(() => String, { description: 'USD as entered, canonical' }) amountUsd!: string;
  @Field(() => String, { description: 'RMB per USD in force now' }) exchangeRate!: string;
  @Field(() => String, { description: 'RMB that would be credited (six decimals)' }) amountRmb!: string;
  @Field(() => String, { description: 'RMB that would be paid, to the fen' }) payRmb!: string;

  static of(price: TopUpPrice): TopUpQuote {
    return Object.assign(new TopUpQuote(), { amountUsd: price.amountUsd, exchangeRate: price.exchangeRate, amountRmb: rmb(price.amountMicro), payRmb: payMoney(price.amountMicro) });
  }
}

/** A new order and where to pay it. */
@ObjectType()
export class TopUpCheckout {
  @Field(() => TopUpOrderView) order!: TopUpOrderView;
  @Field(() => String, { description: "The payment page URL (signed), to open in the payer's browser" }) payUrl!: string;
}

/** A page of top-up orders, newest first. */
@ObjectType()
export class TopUpPage {
  @Field(() => [TopUpOrderView]) items!: TopUpOrderView[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}

/** A batch of new redemption codes: the clear codes are shown only here. */
@ObjectType()
export class RedemptionBatch {
  @Field(() => ID) batchId!: string;
  @Field(() => String) amountRmb!: string;
  @Field(() => [String]) codes!: string[];
}

/** One account's reconciliation: hot balance against ledger - open reservations - unconsumed usage. */
@ObjectType('AccountReconciliation')
export class ReconciliationView {
  @Field(() => ID) accountId!: string;
  @Field(() => String, { description: 'ok, drift or missing (no hot balance)' }) status!: string;
  @Field(() => String) ledgerMicro!: string;
  @Field(() => String) openReservationsMicro!: string;
  @Field(() => String, { description: 'Charges on the hot balance that the ledger does not hold yet' }) unconsumedMicro!: string;
  @Field(() => String, { description: 'Charges on the hot balance whose usage event was lost (over a minute old, neither in the ledger nor queued): part of the drift' })
  lostMicro!: string;
  @Field(() => String) expectedMicro!: string;
  @Field(() => String, { nullable: true }) hotMicro!: string | null;
  @Field(() => String, { nullable: true, description: 'hot - expected' }) driftMicro!: string | null;

  static of(r: AccountReconciliation): ReconciliationView {
    return Object.assign(new ReconciliationView(), {
      accountId: r.accountId,
      status: r.status,
      ledgerMicro: r.ledgerMicro.toString(),
      openReservationsMicro: r.openReservationsMicro.toString(),
      unconsumedMicro: r.unconsumedMicro.toString(),
      lostMicro: r.lostMicro.toString(),
      expectedMicro: r.expectedMicro.toString(),
      hotMicro: r.hotMicro?.toString() ?? null,
      driftMicro: r.driftMicro?.toString() ?? null,
    });
  }
}

/** One run of the periodic reconciliation over every account. */
@ObjectType('ReconciliationRun')
export class ReconciliationRunView {
  @Field(() => Date) startedAt!: Date;
  @Field(() => Date) finishedAt!: Date;
  @Field(() => Int, { description: 'Accounts checked' }) accounts!: number;
  @Field(() => [ReconciliationView], { description: 'The accounts whose hot balance drifted from the ledger, or was missing' }) drifting!: ReconciliationView[];

  static of(run: ReconciliationRun): ReconciliationRunView {
    return Object.assign(new ReconciliationRunView(), { ...run, drifting: run.drifting.map(ReconciliationView.of) });
  }
}
