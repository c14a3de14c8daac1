/**
 * What the fault suite asserts about what clients saw (./sdk-traffic.ts outcomes), and how it
 * waits for the service to heal: by polling with a deadline, never by sleeping and hoping.
 */
import { callOnce, tally, type Lane, type Outcome, type Result } from './sdk-traffic.js';

/** Added to every bound the service promises: room for a busy 2-core machine, not for a hang. */
export const SLACK_MS = 5000;

/** What may be seen during a fault besides whole answers. */
export interface Allowed {
  /** HTTP statuses allowed (each must come in the client's format; 503 also with Retry-After). */
  statuses?: number[];
  /** Other results allowed (e.g. `connection-error` from a node that is down). */
  results?: Result[];
}

/**
 * Asserts that every outcome is a whole answer or something `allowed`, that errors came in the
 * client's own format (a 503 with a Retry-After), and that none took longer than `boundMs`.
 */
export function expectOutcomes(outcomes: Outcome[], allowed: Allowed, boundMs: number): void {
  const wrong = outcomes.filter((o) => {
    if (o.result === 'ok') return false;
    if (o.result === 'http-error') return !allowed.statuses?.includes(o.status!) || !o.inFormat || (o.status === 503 && !/^\d+$/.test(o.retryAfter ?? ''));
    if (o.result === 'stream-error') return !allowed.results?.includes('stream-error') || !o.inFormat;
    return !allowed.results?.includes(o.result);
  });
  expect({ tally: tally(outcomes), unexpected: wrong.slice(0, 5) }).toEqual({ tally: tally(outcomes), unexpected: [] });
  const slow = outcomes.filter((o) => o.latencyMs > boundMs);
  expect({ boundMs, slower: slow.slice(0, 5) }).toEqual({ boundMs, slower: [] });
}

/**
 * Waits until one request on each lane is answered whole, polling until `boundMs` after `since`
 * (ms since the epoch: when the fault was repaired); returns how long healing took from `since`.
 */
export async function healedWithin(lanes: Lane[], since: number, boundMs: number): Promise<number> {
  const deadline = since + boundMs;
  for (;;) {
    const round = await Promise.all(lanes.map((lane) => callOnce(lane)));
    if (round.every((o) => o.result === 'ok')) return Date.now() - since;
    if (Date.now() > deadline) throw new Error(`not healed ${boundMs} ms after the repair: ${JSON.stringify(round.filter((o) => o.result !== 'ok').slice(0, 4))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resolves after `ms`: only to let traffic run through a fault, never to wait for a result. */
export function during(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
