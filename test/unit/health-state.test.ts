import { decideState } from '../../control-plane/health/state.js';

const t = { minSamples: 5, normalRate: 0.95 };
const tally = (ok: number, attempts: number) => ({ ok, attempts });
const none = tally(0, 0);

test('with enough recent samples the recent window decides: zero successes, below, at or above the threshold', () => {
  expect(decideState(tally(0, 5), tally(100, 100), 'normal', t)).toBe('unavailable');
  expect(decideState(tally(18, 20), none, 'normal', t)).toBe('partially_available');
  expect(decideState(tally(19, 20), none, 'unavailable', t)).toBe('normal');
});

test('with too few recent samples the last hour decides; too few there too: no data', () => {
  expect(decideState(tally(0, 4), tally(96, 100), 'normal', t)).toBe('normal');
  expect(decideState(none, tally(50, 100), 'normal', t)).toBe('partially_available');
  expect(decideState(tally(1, 1), tally(1, 4), 'normal', t)).toBe('no_data');
});

test('an unavailable group stays so until a recent success, or until an hour without any attempt', () => {
  expect(decideState(none, tally(80, 100), 'unavailable', t)).toBe('unavailable');
  expect(decideState(tally(0, 2), tally(80, 102), 'unavailable', t)).toBe('unavailable');
  expect(decideState(tally(1, 1), tally(81, 103), 'unavailable', t)).toBe('partially_available');
  expect(decideState(none, none, 'unavailable', t)).toBe('no_data');
});
