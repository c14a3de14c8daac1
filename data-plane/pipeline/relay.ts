import type { Relay } from '../relay/relay.js';
import type { Admitted, Observed, Relayed, Stage } from './state.js';

/** Last stage of a generation: relays it (see relay/relay.ts) and leaves the outcome for metering, which wraps it. */
export function relayStage(relay: Relay): Stage<Admitted & Observed, Relayed> {
  return async (ctx) => {
    const { state } = ctx;
    state.relay = await relay.relay(ctx, {
      requestId: state.requestId,
      format: state.format,
      model: state.model,
      body: state.body,
      rawBody: state.rawBody,
      stream: state.stream,
      candidates: state.candidates,
      clientHeaders: ctx.headers,
      observe: state.observe,
      graceEnd: state.graceEnd,
    });
  };
}
