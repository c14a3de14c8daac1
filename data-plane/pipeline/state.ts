/**
 * What the stages of an endpoint leave on `ctx.state`, one interface per stage, and the type of a
 * stage: a Koa middleware that reads what the stages before it set and adds its own before it
 * calls `next`. The endpoints compose their stages with {@link StageChain}, so a stage listed
 * before the ones it needs is a type error, not a run-time check.
 */
import type Koa from 'koa';
import type { WireFormat } from '../../shared/formats.js';
import type { NormalisedUsage } from '../../shared/pricing/usage.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import type { GroupRoute, RuntimeConfig, RuntimeModel } from '../../shared/snapshot/runtime-config.js';
import type { RequestState } from '../server.js';
import type { RelayOutcome } from '../relay/outcome.js';
import type { RelayRequest } from '../relay/relay.js';

export type { RequestState };

/** Set by an endpoint's first stage: every later error is answered in `format`. */
export interface Configured {
  format: WireFormat;
  /** The configuration for the whole request (one snapshot, even if a new one is swapped in meanwhile). */
  runtime: RuntimeConfig;
}

/** Set by the authentication stage. */
export interface Authenticated {
  token: TokenRecord;
}

/** Set by the body stage: the request body as received (pass-through sends these bytes) and parsed. */
export interface WithBody {
  rawBody: Buffer;
  body: Record<string, unknown>;
}

/** Set by the model stage: the requested model (aliases resolved) and whether a stream was asked for. */
export interface Resolved {
  model: RuntimeModel;
  stream: boolean;
}

/** Set by the group stage (narrowed by the rate limits): groups to try, in order, each with its channels for the model. */
export interface WithCandidates {
  candidates: GroupRoute[];
}

/** Set by the rate-limit stage (and wrapped by later ones): told the usage the request was charged for, once metering settled it. */
export interface Settling {
  onSettled?: (usage: NormalisedUsage) => void;
}

/** Set by the metering hook: its observer of each upstream attempt's answer. */
export interface Observed {
  observe?: RelayRequest['observe'];
}

/** Set by the relay stage: what the relay did (metering reads it once `next` returned). */
export interface Relayed {
  relay: RelayOutcome;
}

/** What a generation's stages know before the upstream call. */
export type Admitted = RequestState & Configured & Authenticated & WithBody & Resolved & WithCandidates;

/** What the metering hook, which wraps the relay, sees: the relay's outcome is there once `next` returned. */
export type MeterState = Admitted & Settling & Observed & Partial<Relayed>;

/**
 * What a middleware outside an endpoint's stages (the request observer) may find on `ctx.state`:
 * any stage's additions, each absent when the request did not get that far.
 */
export type PipelineState = RequestState & Partial<Configured & Authenticated & WithBody & Resolved & WithCandidates & Relayed> & Settling & Observed;

/** A stage: reads `In` on `ctx.state` and sets `Out` before it calls `next` (or ends the request). */
export type Stage<In, Out = unknown> = (ctx: Koa.ParameterizedContext<In & Partial<Out>>, next: Koa.Next) => Promise<void>;

/**
 * An endpoint's stages under construction: each {@link then} takes a stage whose input the
 * stages so far provide, and gives a chain whose state has the stage's output too. Immutable, so
 * endpoints share a common start.
 */
export class StageChain<S> {
  private constructor(private readonly list: readonly Koa.Middleware[]) {}

  /** A chain starting from the state every request has. */
  static start(): StageChain<RequestState> {
    return new StageChain<RequestState>([]);
  }

  then<Out>(stage: Stage<S, Out>): StageChain<S & Out> {
    return new StageChain<S & Out>([...this.list, stage as Koa.Middleware]);
  }

  /** The stages in order, for the router to compose. */
  get stages(): Koa.Middleware[] {
    return [...this.list];
  }
}
