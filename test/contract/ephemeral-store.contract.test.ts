import { describeContract } from './harness.js';

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
    await new Promise((r) => setTimeout(r, 60));
    expect(await ports().ephemeral.take('short')).toBeNull();
  });

  test('hits count within a window and restart after it', async () => {
    expect(await ports().ephemeral.hit('ip:1', 80)).toBe(1);
    expect(await ports().ephemeral.hit('ip:1', 80)).toBe(2);
    expect(await ports().ephemeral.hit('ip:2', 80)).toBe(1);
    await new Promise((r) => setTimeout(r, 120));
    expect(await ports().ephemeral.hit('ip:1', 80)).toBe(1);
  });
});
