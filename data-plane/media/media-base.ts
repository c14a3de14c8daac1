/**
 * What an OpenAI-format media endpoint (images, video jobs) runs on besides its own logic, built
 * once per endpoint family: the serving base the relay pipeline has too (../pipeline/serving-base.ts:
 * token cache, connection pools, group health, rate limits, key-rejection reports), the admission
 * stages every keyed request goes through, the node's routing state (shared with the relay:
 * breakers, parking, adaptive weights, retry budget), health counting under the endpoint's format,
 * and unit billing.
 */
import type { DataPlaneDeps } from '../deps.js';
import type { MediaFormat } from '../../shared/formats.js';
import { UnitBilling } from '../billing/unit-billing.js';
import { createServingBase } from '../pipeline/serving-base.js';
import type { Authenticated, Configured, RequestState, StageChain } from '../pipeline/state.js';
import type { RateLimitStage } from '../limits/rate-limit-stage.js';
import type { UpstreamTransport } from '../../shared/wire/providers/transport.js';
import type { AttemptRecord, SkipRecord } from '../relay/outcome.js';
import type { KeyRejection } from '../relay/relay.js';
import { Router } from '../routing/router.js';

/** The shared parts of a media endpoint (see the file comment). */
export interface MediaBase {
  /** The first stages of the family's endpoints (../pipeline/serving-base.ts), in the OpenAI format (errors included). */
  keyed: StageChain<RequestState & Configured & Authenticated>;
  transport: UpstreamTransport;
  /** The node's routing state (the relay's when given, else one with the node's routing settings). */
  router: Router;
  billing: UnitBilling;
  limits: RateLimitStage;
  /** Group health: may `group` serve `model` now? */
  usable(group: string, model: string, others: boolean): boolean;
  /** Counts one upstream attempt for health. */
  onAttempt(record: AttemptRecord, model: string): void;
  /** Counts a candidate passed over without a call (breaker, parked, budget) for health and metrics. */
  onSkip(skip: SkipRecord, model: string): void;
  /** Reports a key the upstream rejected, for the control plane to disable. */
  onKeyRejected(rejection: KeyRejection): void;
  close(): Promise<void>;
}

/** Builds the shared parts for the endpoint family `format`; `router`: the relay pipeline's routing state. */
export function createMediaBase(deps: DataPlaneDeps, format: MediaFormat, now: () => number, router?: Router): MediaBase {
  const base = createServingBase(deps, { now });
  const billing = new UnitBilling({ balances: deps.ports.balances, usage: deps.ports.usage, node: deps.config.nodeName, now });
  return {
    keyed: base.keyed('chat-completions'),
    transport: base.transport,
    router: router ?? new Router(deps.config.routing, now),
    billing,
    limits: base.limits,
    usable: (group, model, others) => base.groupHealth.usable(group, model, others),
    onAttempt: (record, model) => base.countAttempt(record, { model, format, stream: false }),
    onSkip: (skip, model) => base.countSkip(skip, { model, format, stream: false }),
    onKeyRejected: base.onKeyRejected,
    close: async () => {
      await base.close();
      await billing.idle();
    },
  };
}
