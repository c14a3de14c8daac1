import { clockPasses, describeContract, eventually } from './harness.js';

describeContract('EphemeralStore', (ports) => {
  test('a value can be taken exactly once', async () => {
    await ports().ephemeral.put('captcha:1', 'ABCD', 10_000);
    expect(await ports().ephemeral.take('captcha:1')).toBe('ABCD');
    expect(await ports().ephemeral.take('captcha:1')).toBeNull();
  });

  test('a value can be peeked at any number of times, and is then still there to take', async () => {
    expect(await ports().ephemeral.peek('record')).toBeNull();
    await ports().ephemeral.put('record', 'R', 10_000);
    expect(await ports().ephemeral.peek('record')).toBe('R');
    expect(await ports().ephemeral.peek('record')).toBe('R');
    expect(await ports().ephemeral.take('record')).toBe('R');
    expect(await ports().ephemeral.peek('record')).toBeNull();
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
    expect(await ports().ephemeral.peek('short')).toBeNull();
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

  test('hits reads a window without counting, and is 0 before the first hit and after the window', async () => {
    const store = ports().ephemeral;
    expect(await store.hits('fail:1')).toBe(0);
    await store.hit('fail:1', 60_000);
    await store.hit('fail:1', 60_000);
    expect(await store.hits('fail:1')).toBe(2);
    expect(await store.hits('fail:1')).toBe(2);
    expect(await store.hits('fail:2')).toBe(0);
    await store.hit('fail:3', 50);
    await eventually(async () => expect(await store.hits('fail:3')).toBe(0));
  });

  test('a lease has one holder at a time, who renews it and lets it go', async () => {
    const store = ports().ephemeral;
    expect(await store.hold('jobs', 'a', 60_000)).toBe(true);
    expect(await store.hold('jobs', 'b', 60_000)).toBe(false);
    // Renewing one's own lease answers true; another name is another lease.
    expect(await store.hold('jobs', 'a', 60_000)).toBe(true);
    expect(await store.hold('other', 'b', 60_000)).toBe(true);
    // Letting go of someone else's lease changes nothing; one's own frees it.
    await store.letGo('jobs', 'b');
    expect(await store.hold('jobs', 'b', 60_000)).toBe(false);
    await store.letGo('jobs', 'a');
    expect(await store.hold('jobs', 'b', 60_000)).toBe(true);
    expect(await store.hold('jobs', 'a', 60_000)).toBe(false);
  });

  test('an expired lease goes to the next holder', async () => {
    const store = ports().ephemeral;
    expect(await store.hold('jobs', 'a', 50)).toBe(true);
    await clockPasses(Date.now() + 50);
    expect(await store.hold('jobs', 'b', 60_000)).toBe(true);
    expect(await store.hold('jobs', 'a', 50)).toBe(false);
  });
});
