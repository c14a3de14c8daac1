import { MemoryBalanceStore } from '../../shared/ports/memory/balance-store.js';
import { MemoryUsageQueue } from '../../shared/ports/memory/usage-queue.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import { makeUsage } from '../../shared/pricing/usage.js';
import type { SnapshotGroup } from '../../shared/snapshot/types.js';
import { UnitBilling, unitRates, type UnitOrder } from '../../data-plane/billing/unit-billing.js';
import type { RuntimeModel } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';

const token: TokenRecord = { tokenId: 't1', accountId: 'a1', name: 'k', status: 'active', expiresAt: null, groups: ['image'], modelAllowList: null, spendCapMicro: null };
const group = (name: string, multiplier: string): SnapshotGroup => ({ name, formats: ['images'], recommendedFormat: 'images', multiplier, billing: 'tokens', autoRoute: true, status: 'active' });
const model = {
  id: 'dall-e-3',
  kind: 'image',
  prices: { image: '0.04' },
  unitPrices: [
    { size: '1024x1792', quality: 'hd', usd: '0.12' },
    { quality: 'hd', usd: '0.08' },
  ],
  multiplier: '1.1',
  routes: [],
} as unknown as RuntimeModel;

function order(id: string, reservedMicro: bigint): UnitOrder {
  return { reservationId: id, requestId: id, token, model: model.id, group: 'image', channelId: 'c1', formatIn: 'images', formatOut: 'images', units: { size: '1024x1792', quality: 'hd' }, reservedMicro, startedAt: 1_000, httpStatus: 200 };
}

describe('unit billing', () => {
  let balances: MemoryBalanceStore;
  let usage: MemoryUsageQueue;
  let billing: UnitBilling;
  beforeEach(async () => {
    balances = new MemoryBalanceStore();
    usage = new MemoryUsageQueue();
    await balances.load('a1', 10_000_000n, new Map());
    billing = new UnitBilling({ balances, usage, node: 'n1', now: () => 5_000, retryDelaysMs: [] });
  });

  test('reserves the dearest group, settles once at the variant price, exact to the micro-RMB, with its units', async () => {
    const routes = [{ group: group('image', '1') }, { group: group('dear', '1.5') }];
    // 2 x 0.12 USD x 1.5 x 1.1 x 7.2 = 2.8512 RMB
    const reserved = billing.estimate(model, routes, '7.2', { images: 2 }, { size: '1024x1792', quality: 'hd' });
    expect(reserved).toBe(2_851_200n);
    await billing.reserve(token, 'img_1', reserved);
    expect((await balances.inspect('a1')).balanceMicro).toBe(10_000_000n - reserved);
    // Served by the cheaper group: 2 x 0.12 x 1 x 1.1 x 7.2 = 1.9008 RMB
    const rates = unitRates(model, group('image', '1'), '7.2', { size: '1024x1792', quality: 'hd' });
    expect(await billing.settle(order('img_1', reserved), makeUsage({ images: 2 }), rates)).toBe(1_900_800n);
    // A second settle (another node, a retry) charges nothing more and appends nothing.
    expect(await billing.settle(order('img_1', reserved), makeUsage({ images: 2 }), rates)).toBeNull();
    expect(await billing.release(order('img_1', reserved), rates)).toBe(false);
    await billing.idle();
    expect((await balances.inspect('a1')).balanceMicro).toBe(10_000_000n - 1_900_800n);
    const events = await usage.unconsumed('g');
    expect(events).toHaveLength(1);
    expect(events[0].event).toMatchObject({ eventId: 'img_1', formatIn: 'images', chargeMicro: '1900800', reservedMicro: '2851200', prices: { image: '0.12' }, units: { size: '1024x1792', quality: 'hd' }, usage: { images: 2 }, status: 'success', latencyMs: 4_000 });
  });

  test('a quality without its size takes the quality price; a released order is charged nothing and says so', async () => {
    const rates = unitRates(model, group('image', '1'), '7.2', { size: '1024x1024', quality: 'hd' });
    expect(rates.prices).toEqual({ image: '0.08' });
    await billing.reserve(token, 'img_2', 1_000_000n);
    expect(await billing.release(order('img_2', 1_000_000n), rates)).toBe(true);
    await billing.idle();
    expect((await balances.inspect('a1')).balanceMicro).toBe(10_000_000n);
    const [queued] = await usage.unconsumed('g');
    expect(queued.event).toMatchObject({ eventId: 'img_2', chargeMicro: '0', usageSource: 'none', status: 'failed' });
  });

  test('a reservation the balance cannot cover is a 402', async () => {
    await expect(billing.reserve(token, 'img_3', 20_000_000n)).rejects.toThrow(GatewayError);
    await expect(billing.reserve(token, 'img_4', 20_000_000n)).rejects.toMatchObject({ status: 402 });
  });
});
