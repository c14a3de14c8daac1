import type { GroupRoute, RuntimeChannel, WeightedChannel } from '../../shared/snapshot/runtime-config.js';
import { CircuitBreakers } from '../../data-plane/relay/circuit-breaker.js';
import { candidateChannels } from '../../data-plane/relay/pick.js';
import { testGroup } from '../support/relay-catalog.js';

describe('CircuitBreakers', () => {
  let now = 0;
  const breakers = () => new CircuitBreakers({ failureThreshold: 3, windowMs: 1000, openMs: 500 }, () => now);
  beforeEach(() => (now = 10_000));

  test('opens after N failures within the window, not on one error', () => {
    const b = breakers();
    b.failure('c');
    b.failure('c');
    expect(b.state('c')).toBe('closed');
    expect(b.allow('c')).toBe(true);
    b.failure('c');
    expect(b.state('c')).toBe('open');
    expect(b.allow('c')).toBe(false);
  });

  test('failures older than the window do not count', () => {
    const b = breakers();
    b.failure('c');
    b.failure('c');
    now += 1000;
    b.failure('c');
    expect(b.state('c')).toBe('closed');
  });

  test('half-open lets one probe through; its success closes, its failure reopens', () => {
    const b = breakers();
    for (let i = 0; i < 3; i++) b.failure('c');
    now += 500;
    expect(b.state('c')).toBe('half-open');
    expect(b.allow('c')).toBe(true);
    expect(b.allow('c')).toBe(false);
    b.failure('c');
    expect(b.state('c')).toBe('open');
    now += 500;
    expect(b.allow('c')).toBe(true);
    b.success('c');
    expect(b.state('c')).toBe('closed');
    expect(b.allow('c')).toBe(true);
  });

  test('a probe that was never sent (nothing the channel could take) frees the probe at once', () => {
    let t = 0;
    const b = new CircuitBreakers({ failureThreshold: 1, windowMs: 1000, openMs: 100 }, () => t);
    b.failure('c');
    t = 100;
    expect(b.allow('c')).toBe(true);
    expect(b.allow('c')).toBe(false);
    b.release('c');
    expect(b.allow('c')).toBe(true);
    expect(b.state('c')).toBe('half-open');
  });

  test('a probe that never reports back is replaced after another open period', () => {
    const b = breakers();
    for (let i = 0; i < 3; i++) b.failure('c');
    now += 500;
    expect(b.allow('c')).toBe(true);
    now += 499;
    expect(b.allow('c')).toBe(false);
    now += 1;
    expect(b.allow('c')).toBe(true);
  });

  test('channels are independent', () => {
    const b = breakers();
    for (let i = 0; i < 3; i++) b.failure('a');
    expect(b.allow('b')).toBe(true);
  });
});

describe('candidateChannels', () => {
  const channel = (id: string) => ({ id }) as RuntimeChannel;
  const weighted = (id: string, weight: number): WeightedChannel => ({ channel: channel(id), weight, upstreamModel: 'm' });
  const route = (group: string, levels: WeightedChannel[][]): GroupRoute => ({
    group: testGroup(group),
    levels: levels.map((channels, i) => ({ priority: 100 - i, channels, totalWeight: channels.reduce((s, c) => s + c.weight, 0) })),
  });
  const order = (routes: GroupRoute[], random: () => number, allow: (id: string) => boolean = () => true) =>
    [...candidateChannels(routes, allow, random)].map((c) => `${c.group.name}/${c.target.channel.id}`);

  test('priority levels first, then fallback groups; a channel shared by groups is tried once', () => {
    const routes = [route('main', [[weighted('a', 1)], [weighted('b', 1)]]), route('fallback', [[weighted('a', 1), weighted('c', 1)]])];
    expect(order(routes, () => 0)).toEqual(['main/a', 'main/b', 'fallback/c']);
  });

  test('weighted draw within a level, without replacement', () => {
    const routes = [route('g', [[weighted('a', 1), weighted('b', 3)]])];
    expect(order(routes, () => 0.1)).toEqual(['g/a', 'g/b']);
    expect(order(routes, () => 0.5)).toEqual(['g/b', 'g/a']);
    const counts = { a: 0, b: 0 };
    let seed = 1;
    const lcg = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let i = 0; i < 4000; i++) counts[order(routes, lcg)[0].slice(2) as 'a' | 'b']++;
    expect(counts.b / counts.a).toBeGreaterThan(2.5);
    expect(counts.b / counts.a).toBeLessThan(3.5);
  });

  test('channels the breakers refuse are skipped', () => {
    const routes = [route('g', [[weighted('a', 1)], [weighted('b', 1)]])];
    expect(order(routes, () => 0, (id) => id !== 'a')).toEqual(['g/b']);
  });
});
