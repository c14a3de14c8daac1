/**
 * The usage event (docs/architecture.md, Redis contract 4): one per request, appended by the data plane after
 * settlement, consumed by the control plane into a usage record and a ledger entry. Plain JSON:
 * money as decimal strings of micro-RMB, prices and multipliers as decimal strings.
 */
import type { GroupFormat } from '../formats.js';
import type { BillingMode, ModelPrices } from '../pricing/prices.js';
import type { NormalisedUsage } from '../pricing/usage.js';

/**
 * Where the charged usage came from:
 * - `upstream`: the usage the upstream reported (the normal case);
 * - `delivered`: the upstream reported nothing (a stream cut short or abandoned), so the output
 *   actually delivered to the client was counted (same byte estimate as prompts);
 * - `none`: nothing was charged (the request failed before any output).
 */
export type UsageSource = 'upstream' | 'delivered' | 'none';

/**
 * What an image or video was made as, when its price depends on it (the counts themselves, images
 * and seconds, are in the usage): the size asked for (`1024x1536`, `720x1280`) and the quality
 * (`low`, `medium`, `high`, `standard`, `hd`). Absent for text.
 */
export interface UsageUnits {
  size?: string;
  quality?: string;
}

/** How the request ended, as the client saw it. */
export type UsageStatus = 'success' | 'failed' | 'aborted';

/** One metered request. */
export interface UsageEvent {
  /** Unique per request (the reservation id): the consumer writes each event once by it. */
  eventId: string;
  requestId: string;
  accountId: string;
  tokenId: string;
  /** The model id the client asked for (catalog id). */
  model: string;
  /** The group charged (the one actually used); null when no group was reached. */
  group: string | null;
  /** The channel that answered, or null. */
  channelId: string | null;
  /** NODE_NAME of the data plane. */
  node: string;
  /** The client's format: a wire format, or a media endpoint (`images`, `videos`). */
  formatIn: GroupFormat;
  /** The upstream's format (equal to `formatIn` on a pass-through), or null. */
  formatOut: GroupFormat | null;
  stream: boolean;
  usage: NormalisedUsage;
  /** The usage object as the upstream reported it (merged stream pieces), or null. */
  rawUsage: unknown;
  usageSource: UsageSource;
  prices: ModelPrices;
  billing: BillingMode;
  groupMultiplier: string;
  modelMultiplier: string;
  exchangeRate: string;
  /** The charge in micro-RMB (decimal string), already taken from the hot balance. */
  chargeMicro: string;
  /** What was reserved before the call, micro-RMB (decimal string). */
  reservedMicro: string;
  status: UsageStatus;
  /** HTTP status answered to the client. */
  httpStatus: number;
  latencyMs: number;
  /** Milliseconds until the first byte went to the client, or null when none did. */
  firstByteMs: number | null;
  /** Epoch milliseconds when the request arrived. */
  createdAt: number;
  /**
   * The lease batch that took the charge off the hot balance, whose unledgered record holds it
   * (shared/ports/balance-store.ts), or null (the charge's own record, under the event id, or no
   * charge). The events of a batch arrive in one stream entry.
   */
  chargeBatch: string | null;
  /** Size and quality of generated images or video (absent: none, as for text). */
  units?: UsageUnits;
}
