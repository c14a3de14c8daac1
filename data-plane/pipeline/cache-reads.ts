import type Koa from 'koa';
import { promptTokens } from '../../shared/pricing/usage.js';
import type { OutcomeRecorder } from '../health/outcome-recorder.js';
import type { Router } from '../routing/router.js';
import type { PipelineState } from './state.js';

/**
 * Stage: once metering settled a request, counts its prompt tokens and the part read from the
 * upstream's prompt cache for the channel that served it: in the routing state (metrics) and, as
 * `prompt_tokens` / `cache_read_tokens`, in the health counters (the availability page's
 * cache-read share). Wraps the settlement callback the earlier stages left.
 */
export function countCacheReads(router: Router, recorder: OutcomeRecorder | undefined, node: string): Koa.Middleware<PipelineState> {
  return async (ctx, next) => {
    const previous = ctx.state.onSettled;
    ctx.state.onSettled = (usage) => {
      previous?.(usage);
      const served = ctx.state.relay?.served;
      const route = ctx.state.route;
      if (!served || served.result !== 'ok' || !route || route.action !== 'generate') return;
      const prompt = promptTokens(usage);
      router.countCacheReads(served.channelId, prompt, usage.cacheRead);
      if (!recorder || prompt === 0) return;
      const key = { group: served.group, channel: served.channelId, model: ctx.state.model!.id, node, format: route.format, stream: ctx.state.stream === true };
      recorder.count({ key, metric: 'prompt_tokens', n: prompt });
      if (usage.cacheRead > 0) recorder.count({ key, metric: 'cache_read_tokens', n: usage.cacheRead });
    };
    await next();
  };
}
