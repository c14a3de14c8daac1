import type Koa from 'koa';
import { secondsSince } from '../../shared/metrics/registry.js';
import type { PipelineState } from '../pipeline/state.js';
import type { DataPlaneMetrics } from './data-plane-metrics.js';

/** Paths of the operators' endpoints: neither counted as model requests nor logged per request. */
const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Outermost middleware of a data plane: counts each request in flight, then, once it is answered
 * (a stream: ended), counts it by format, serving group and channel kind, status class and stream
 * mode, times it and its first byte, and writes its access line through the request's logger.
 * It reads what the pipeline stages left on `ctx.state`, so the stages need no metrics code.
 */
export function requestObserver(metrics: DataPlaneMetrics): Koa.Middleware<PipelineState> {
  return async (ctx, next) => {
    if (OPERATIONS_PATHS.has(ctx.path)) return next();
    const started = performance.now();
    let firstByte: number | undefined;
    let streaming = false;
    ctx.state.onFirstByte = (stream) => {
      firstByte = secondsSince(started);
      if (stream) {
        streaming = true;
        metrics.openStreams.inc();
      }
    };
    metrics.inFlight.inc();
    try {
      await next();
    } finally {
      metrics.inFlight.dec();
      if (streaming) metrics.openStreams.dec();
      const seconds = secondsSince(started);
      const { state } = ctx;
      const served = state.relay?.served;
      // A request refused after its route was known still names its format; a relay that failed
      // without answering left the group and kind only in the response headers.
      const labels = {
        format: state.format ?? 'none',
        group: served?.group ?? (ctx.response.get('x-meridian-group') || 'none'),
        channelKind: served?.kind ?? (ctx.response.get('x-meridian-channel-kind') || 'none'),
        status: ctx.respond === false ? ctx.res.statusCode : ctx.status,
        stream: state.stream ?? false,
      };
      metrics.request(labels, seconds, firstByte);
      state.log?.info('request', {
        method: ctx.method,
        path: ctx.path,
        ...labels,
        model: state.model?.id,
        tokenId: state.token?.tokenId,
        attempts: state.relay?.attempts.length,
        ms: Math.round(seconds * 1000),
      });
    }
  };
}
