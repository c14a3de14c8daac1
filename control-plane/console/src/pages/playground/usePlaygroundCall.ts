import { useCallback, useRef, useState } from 'react';
import type { ModelCall, WireFormat } from '../../api/model-calls';
import { SseReader, errorMessageOf, errorOf, textOf } from './stream';

/** Where a call is: not sent, waiting for the answer's head, streaming, or over. */
export type CallPhase = 'idle' | 'waiting' | 'streaming' | 'done' | 'failed' | 'stopped';

/** One call as the page shows it. */
export interface CallState {
  phase: CallPhase;
  /** The request as sent (the key masked). */
  rawRequest: string;
  /** Status line and the headers the browser may read. */
  rawHead: string;
  /** The body as received, events and all. */
  rawBody: string;
  /** The answer's text so far. */
  text: string;
  /** Why the call failed: the gateway's message, or the network's. */
  error?: string;
  requestId?: string;
  group?: string;
  channelKind?: string;
  /** When the call was sent (epoch ms). */
  sentAt?: number;
  /** The answer began: only such a call can have been charged (a refusal costs nothing). */
  answered?: boolean;
}

const IDLE: CallState = { phase: 'idle', rawRequest: '', rawHead: '', rawBody: '', text: '' };

/** The request as text, with `key` shown as `maskedKey`. */
function describe(call: ModelCall, key: string, maskedKey: string): string {
  const headers = Object.entries(call.headers).map(([name, value]) => `${name}: ${value.replace(key, maskedKey)}`);
  return [`${call.method} ${call.url}`, ...headers, '', call.body ? JSON.stringify(call.body, null, 2) : ''].join('\n');
}

function head(res: Response): string {
  const lines = [`HTTP ${res.status} ${res.statusText}`.trim()];
  res.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  return lines.join('\n');
}

/**
 * Sends one call to a data plane from the browser (the data plane answers CORS for the console)
 * and follows its stream: the text as it grows, the raw exchange, and the route headers.
 */
export function usePlaygroundCall(networkError: string) {
  const [state, setState] = useState<CallState>(IDLE);
  const abort = useRef<AbortController | null>(null);

  const send = useCallback(
    async (format: WireFormat, call: ModelCall, key: string, maskedKey: string) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      let current: CallState = { ...IDLE, phase: 'waiting', rawRequest: describe(call, key, maskedKey), sentAt: Date.now() };
      const update = (change: Partial<CallState>) => {
        current = { ...current, ...change };
        if (abort.current === controller) setState(current);
      };
      update({});
      try {
        const res = await fetch(call.url, { method: call.method, headers: call.headers, body: call.body ? JSON.stringify(call.body) : undefined, signal: controller.signal });
        update({
          rawHead: head(res),
          requestId: res.headers.get('x-request-id') ?? undefined,
          group: res.headers.get('x-meridian-group') ?? undefined,
          channelKind: res.headers.get('x-meridian-channel-kind') ?? undefined,
        });
        if (!res.ok || !res.body) {
          const body = await res.text();
          update({ phase: 'failed', rawBody: body, error: errorMessageOf(body) || `HTTP ${res.status}` });
          return;
        }
        update({ phase: 'streaming', answered: true });
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        const sse = new SseReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          let { text, error } = current;
          for (const event of sse.push(value)) {
            text += textOf(format, event);
            error ??= errorOf(event);
          }
          update({ rawBody: current.rawBody + value, text, error });
        }
        update({ phase: current.error ? 'failed' : 'done' });
      } catch (err) {
        if (controller.signal.aborted) update({ phase: 'stopped' });
        else update({ phase: 'failed', error: `${networkError} (${(err as Error).message})` });
      }
    },
    [networkError],
  );

  const stop = useCallback(() => abort.current?.abort(), []);
  return { state, send, stop };
}
