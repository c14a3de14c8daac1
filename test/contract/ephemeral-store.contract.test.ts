import { clockPasses, describeContract, eventually } from './harness.js';

describeContract('EphemeralStore', (ports) => {
  test('a value can be taken exactly once', async () => {
    await ports().ephemeral.put('captcha:1', 'ABCD', 10_000);
    expect(await ports().ephemeral.take('captcha:1')).toBe('ABCD');
    expect(await ports().ephemeral.take('captcha:1')).toBeNull();
  });

  test('put replaces the previous value', async () => {
    await ports().ephemeral.put('k', 'one', 10_000);
    await ports().ephemeral.put('k', 'two', 10_000);
    expect(await ports().ephemeral.take('k')).toBe('two');
  });

  test('a value expires after its ttl', async () => {
    await ports().ephemeral.put('short', 'v', 30);
    await ports().ephemeral.put('long', 'w', 60_000);
    // The 30 ms started before put answered: once the clock is past that, the value is gone.
    await clockPasses(Date.now() + 30);
    expect(await ports().ephemeral.take('short')).toBeNull();
    expect(await ports().ephemeral.take('long')).toBe('w');
  });

  test('hits count within a window and restart after it', async () => {
    // A window far longer than the test: every hit counts, per name.
    expect(await ports().ephemeral.hit('ip:1', 60_000)).toBe(1);
    expect(await ports().ephemeral.hit('ip:1', 60_000)).toBe(2);
    expect(await ports().ephemeral.hit('ip:2', 60_000)).toBe(1);
    expect(await ports().ephemeral.hit('ip:1', 60_000)).toBe(3);
    // A 50 ms window: hits go on counting until it is over, then the count starts again at 1. A
    // window that never ended (or that each hit extended) would keep counting.
    expect(await ports().ephemeral.hit('ip:3', 50)).toBe(1);
    await eventually(async () => expect(await ports().ephemeral.hit('ip:3', 50)).toBe(1));
  });
});
