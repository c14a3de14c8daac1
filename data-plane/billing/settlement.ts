/**
 * What a finished request costs (docs/architecture.md, "Money"; the rules are the same on every
 * route, streaming and translated ones included):
 * 1. Nothing reached the client (every attempt failed, or the answer was an upstream error):
 *    charged nothing; the reservation is released.
 * 2. The answer reached the client whole: charged for the usage the upstream reported.
 * 3. A stream cut short (upstream broke off) or abandoned (client went away): charged for the
 *    usage the upstream reported, with output raised to what was delivered when the report is
 *    partial (e.g. only `message_start`).
 * 4. The upstream reported nothing at all: charged for what was delivered: output = delivered
 *    output text estimated like prompts (UTF-8 bytes / 3, rounded up), input = the prompt
 *    estimated from the request body's size (the same estimate as the reservation).
 * Per-request groups charge their per-request price whenever an answer reached the client.
 */
import type { UsageSource, UsageStatus } from '../../shared/billing/usage-event.js';
import { chargeMicroRmb } from '../../shared/pricing/charge.js';
import { estimatePromptTokensFromBytes } from '../../shared/pricing/estimate.js';
import { normaliseUsage } from '../../shared/pricing/normalise.js';
import { emptyUsage, makeUsage, promptTokens, type NormalisedUsage } from '../../shared/pricing/usage.js';
import type { SnapshotGroup } from '../../shared/snapshot/types.js';
import type { RuntimeModel } from '../../shared/snapshot/runtime-config.js';
import type { TapResult } from './usage-tap.js';

/** How far the answer got. */
export interface Delivery {
  /** A byte of the answer reached the client. */
  committed: boolean;
  /** The answer was delivered whole. */
  completed: boolean;
}

/** The charge of a finished request and where its usage came from. */
export interface Settlement {
  chargeMicro: bigint;
  usage: NormalisedUsage;
  rawUsage: unknown;
  source: UsageSource;
  status: UsageStatus;
}

/** Applies the rules above. `group` is the group that served (null when none did). */
export function settlementFor(input: {
  delivery: Delivery;
  tap: TapResult | null;
  group: SnapshotGroup | null;
  model: RuntimeModel;
  exchangeRate: string;
  bodyBytes: number;
}): Settlement {
  const { delivery, tap, group, model } = input;
  if (!delivery.committed || group === null) {
    return { chargeMicro: 0n, usage: emptyUsage(), rawUsage: tap?.rawUsage ?? null, source: 'none', status: 'failed' };
  }
  const status: UsageStatus = delivery.completed ? 'success' : 'aborted';
  const deliveredOutput = estimatePromptTokensFromBytes(tap?.deliveredBytes ?? 0);
  let usage: NormalisedUsage;
  let source: UsageSource = 'upstream';
  if (tap?.rawUsage) {
    usage = normaliseUsage(tap.format, tap.rawUsage).normalised;
    if (!delivery.completed && deliveredOutput > usage.output) {
      usage = makeUsage({ ...usage, output: deliveredOutput });
      source = 'delivered';
    }
    if (promptTokens(usage) === 0 && !delivery.completed) {
      usage = makeUsage({ ...usage, input: estimatePromptTokensFromBytes(input.bodyBytes) });
      source = 'delivered';
    }
  } else {
    usage = makeUsage({ input: estimatePromptTokensFromBytes(input.bodyBytes), output: deliveredOutput });
    source = 'delivered';
  }
  const chargeMicro = chargeMicroRmb({
    usage,
    prices: model.prices,
    groupMultiplier: group.multiplier,
    modelMultiplier: model.multiplier,
    exchangeRate: input.exchangeRate,
    billing: group.billing,
  });
  return { chargeMicro, usage, rawUsage: tap?.rawUsage ?? null, source, status };
}
