import { historyColumns, historyLink, periodRange } from '../../control-plane/console/src/pages/availability/history-period.js';
import { initialAvailability, reduceAvailability, type HealthChange } from '../../control-plane/console/src/pages/availability/live-state.js';
import type { AvailabilityGroupFragment, AvailabilityWindowsFragment } from '../../control-plane/console/src/gql/availability/graphql.js';

const rate = (successes: number, requests: number) => ({ rate: requests ? successes / requests : null, requests, successes });
const windows = (successes: number, requests: number): AvailabilityWindowsFragment => ({ hour: rate(successes, requests), day: rate(successes, requests), week: rate(successes, requests), month: rate(successes, requests) });
const group = (name: string, state: AvailabilityGroupFragment['state'], w = windows(0, 0)): AvailabilityGroupFragment => ({ group: name, state, windows: w, models: [] });
const change = (name: string, previousState: HealthChange['previousState'], state: HealthChange['state']): HealthChange => ({
  group: name,
  previousState,
  state,
  at: '2026-11-22T10:00:00.000Z',
  windows: windows(3, 4),
});

describe('the availability page kept live', () => {
  test('a tick replaces the groups; a later HTTP answer does not overwrite it', () => {
    const ticked = reduceAvailability(initialAvailability, { type: 'tick', groups: [group('alpha', 'NORMAL')], at: 2 });
    const late = reduceAvailability(ticked, { type: 'loaded', groups: [group('alpha', 'NO_DATA')], at: 3 });
    expect(late.groups?.[0].state).toBe('NORMAL');
    expect(late.updatedAt).toBe(2);
  });

  test('a state change patches its group at once and is listed, newest first; a group the page does not show is ignored', () => {
    let state = reduceAvailability(initialAvailability, { type: 'loaded', groups: [group('alpha', 'NORMAL'), group('beta', 'NO_DATA')], at: 1 });
    state = reduceAvailability(state, { type: 'changed', change: change('alpha', 'NORMAL', 'PARTIALLY_AVAILABLE'), at: 2 });
    state = reduceAvailability(state, { type: 'changed', change: change('hidden', 'NO_DATA', 'NORMAL'), at: 3 });
    state = reduceAvailability(state, { type: 'changed', change: change('alpha', 'PARTIALLY_AVAILABLE', 'UNAVAILABLE'), at: 4 });
    expect(state.groups?.map((g) => [g.group, g.state])).toEqual([
      ['alpha', 'UNAVAILABLE'],
      ['beta', 'NO_DATA'],
    ]);
    expect(state.groups?.[0].windows).toEqual(windows(3, 4));
    expect(state.changes.map((c) => `${c.group}:${c.previousState}->${c.state}`)).toEqual(['alpha:PARTIALLY_AVAILABLE->UNAVAILABLE', 'alpha:NORMAL->PARTIALLY_AVAILABLE']);
    expect(state.updatedAt).toBe(4);
  });

  test('only the last ten changes are kept', () => {
    let state = reduceAvailability(initialAvailability, { type: 'loaded', groups: [group('alpha', 'NORMAL')], at: 1 });
    for (let i = 0; i < 12; i++) state = reduceAvailability(state, { type: 'changed', change: change('alpha', 'NORMAL', 'NORMAL'), at: i });
    expect(state.changes).toHaveLength(10);
  });
});

describe('history periods (UTC hours and days, as the API buckets them)', () => {
  const now = Date.parse('2026-11-22T10:17:00Z');

  test('the last day: 24 hours ending with the current one', () => {
    const r = periodRange('day', now);
    expect(r).toMatchObject({ from: '2026-11-21T11:00:00.000Z', to: '2026-11-22T11:00:00.000Z', granularity: 'HOUR' });
    expect(r.slots).toHaveLength(24);
    expect(new Date(r.slots.at(-1)!).toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  test('the last 30 days: ending with today (UTC)', () => {
    const r = periodRange('month', now);
    expect(r).toMatchObject({ from: '2026-10-24T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z', granularity: 'DAY' });
    expect(r.slots).toHaveLength(30);
  });

  test('buckets with traffic are lined up with the slots, the others left empty', () => {
    const r = periodRange('day', now);
    const columns = historyColumns(
      [
        { at: '2026-11-22T08:00:00.000Z', success: rate(9, 10), meanLatencyMs: 120, meanTtfbMs: 40 },
        { at: '2026-11-22T10:00:00.000Z', success: rate(0, 2), meanLatencyMs: 30, meanTtfbMs: null },
      ],
      r.slots,
    );
    expect(columns.any).toBe(true);
    expect(columns.rate.slice(-3)).toEqual([0.9, null, 0]);
    expect(columns.requests.slice(-3)).toEqual([10, null, 2]);
    expect(columns.ttfbMs.slice(-3)).toEqual([40, null, null]);
    expect(columns.rate.slice(0, -3).every((v) => v === null)).toBe(true);
    expect(historyColumns([], r.slots).any).toBe(false);
  });

  test('a history link names the group and the period', () => {
    expect(historyLink('alpha code', 'month')).toBe('?history=alpha+code&period=month');
  });
});
