import { promptTokens } from '../../shared/pricing/usage.js';
import type { OutcomeRecorder } from '../health/outcome-recorder.js';
import type { Router } from '../routing/router.js';
import type { Admitted, Relayed, Settling, Stage } from './state.js';

/**
 * Stage: once metering settled a request, counts its prompt tokens and the part read from the
 * upstream's prompt cache for the channel that served it: in the routing state (metrics) and, as
 * `prompt_tokens` / `cache_read_tokens`, in the health counters (the availability page's
 * cache-read share). Wraps the settlement callback the earlier stages left.
 */
export function countCacheReads(router: Router, recorder: OutcomeRecorder | undefined, node: string): Stage<Admitted & Settling & Partial<Relayed>> {
  return async (ctx, next) => {
    const { state } = ctx;
    const previous = state.onSettled;
    state.onSettled = (usage) => {
      previous?.(usage);
      const served = state.relay?.served;
      if (!served || served.result !== 'ok') return;
      const prompt = promptTokens(usage);
      router.countCacheReads(served.channelId, prompt, usage.cacheRead);
      if (!recorder || prompt === 0) return;
      const key = { group: served.group, channel: served.channelId, model: state.model.id, node, format: state.format, stream: state.stream };
      recorder.count({ key, metric: 'prompt_tokens', n: prompt });
      if (usage.cacheRead > 0) recorder.count({ key, metric: 'cache_read_tokens', n: usage.cacheRead });
    };
    await next();
  };
}
