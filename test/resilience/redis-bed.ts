/**
 * A control plane and a data plane in this process on a private redis-server (which the tests
 * flush, stop, restart and freeze), the test PostgreSQL, the seeded demo channel, and funded
 * accounts with keys.
 */
import OpenAI from 'openai';
import type { DataPlane } from '../../data-plane/bootstrap.js';
import { LedgerKind } from '../../control-plane/ledger/ledger-entry.entity.js';
import type { ServiceOverrides } from '../../control-plane/services.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { startTestDataPlane, tempDataDir } from '../support/data-plane.js';
import { gqlOk } from '../support/graphql.js';
import { PrivateRedis } from '../support/private-redis.js';
import { seedAccount } from '../support/seeded-accounts.js';

/** The model every request asks for (the seeded demo channel serves it in every group). */
export const MODEL = 'demo-chat';

/** A funded account, logged in, with one key. */
export interface BedAccount {
  accountId: string;
  session: string;
  key: string;
}

/** What a resilience test runs against. */
export interface RedisBed {
  redis: PrivateRedis;
  cp: TestControlPlane;
  dp: DataPlane;
  /** A data plane more (stopped by {@link stop}, or before by {@link stopDataPlane}). */
  startDataPlane(nodeName: string, env?: Record<string, string>): Promise<DataPlane>;
  stopDataPlane(dp: DataPlane): Promise<void>;
  /** A new account holding `rmb` (ledger and hot balance), with a key. */
  account(rmb: string): Promise<BedAccount>;
  /** Another key of `account`'s, made now. */
  newKey(account: BedAccount): Promise<string>;
  /** An OpenAI client on the data plane (no retries: the test sees each answer). */
  client(key: string, dp?: DataPlane): OpenAI;
  /** Waits until every usage event so far is in the ledger; then reconciles `accountId` (hot balance against the ledger). */
  reconciled(accountId: string): Promise<{ status: string; driftMicro: bigint | null }>;
  stop(): Promise<void>;
}

let nodes = 0;

/**
 * Starts the bed. `cpEnv`/`dpEnv` add settings (REDIS_TIMEOUT_MS, REDIS_GENERATION_CHECK_MS...);
 * `cpOverrides` replace parts of the control plane (e.g. no usage consumer loop).
 * Waits until the data plane serves the demo model.
 */
export async function startRedisBed(options: { cpEnv?: Record<string, string>; dpEnv?: Record<string, string>; cpOverrides?: ServiceOverrides } = {}): Promise<RedisBed> {
  const redis = await PrivateRedis.start();
  const cp = await startTestControlPlane({ env: { REDIS_URL: redis.url, ...options.cpEnv }, overrides: options.cpOverrides });
  const dataDir = await tempDataDir();
  const planes: DataPlane[] = [];
  const startDataPlane = async (nodeName: string, env: Record<string, string> = {}) => {
    const dp = await startTestDataPlane({ nodeName, redisPrefix: cp.redisPrefix, dataDir: dataDir.path, redisUrl: redis.url, env: { ...options.dpEnv, ...env } });
    planes.push(dp);
    return dp;
  };
  const dp = await startDataPlane(`resilience-${process.pid}-${++nodes}`);

  const newKey = async (account: Pick<BedAccount, 'session'>) => {
    const { createToken } = await gqlOk<{ createToken: { id: string } }>(cp.server.url, 'mutation { createToken(input: { name: "resilience" }) { id } }', {}, { session: account.session });
    return (await gqlOk<{ tokenKey: string }>(cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id: createToken.id }, { session: account.session })).tokenKey;
  };
  const bed: RedisBed = {
    redis,
    cp,
    dp,
    startDataPlane,
    stopDataPlane: async (plane) => {
      planes.splice(planes.indexOf(plane), 1);
      await plane.close();
    },
    newKey,
    account: async (rmb) => {
      const { account, session } = await seedAccount(cp.services);
      await cp.services.ledger.credit(cp.services.deps.orm.em.fork(), { accountId: account.id, kind: LedgerKind.TopUp, amountMicro: BigInt(Math.round(Number(rmb) * 1e6)), idempotencyKey: `fund:${account.id}` });
      await cp.services.billing.hot.ensureLoaded(account.id);
      return { accountId: account.id, session, key: await newKey({ session }) };
    },
    client: (key, on = dp) => new OpenAI({ apiKey: key, baseURL: `${on.url}/v1`, maxRetries: 0, timeout: 30_000 }),
    reconciled: async (accountId) => {
      // The data planes' settlements and usage events are sent after the answers: wait for them to reach the ledger.
      for (const deadline = Date.now() + 20_000; ; ) {
        try {
          await cp.services.billing.consumer.drain(0);
          const [r] = await cp.services.billing.reconcile(cp.services.deps.orm.em.fork(), [accountId]);
          if (r.status === 'ok' || Date.now() > deadline) return r;
        } catch (err) {
          // Redis may still be catching up with what queued while it was away.
          if (Date.now() > deadline) throw err;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    stop: async () => {
      for (const plane of planes) await plane.close();
      await cp.stop();
      await redis.close();
      await dataDir.remove();
    },
  };
  // The data plane serves once the snapshot with the demo channel is in.
  const probe = await bed.account('1');
  for (const deadline = Date.now() + 20_000; ; ) {
    const r = await fetch(`${dp.url}/v1/models`, { headers: { authorization: `Bearer ${probe.key}` } });
    if (r.status === 200) break;
    if (Date.now() > deadline) throw new Error(`the data plane never served: ${r.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return bed;
}

/** One chat completion; resolves with the status (200, or the error's) and how long it took. */
export async function chatOnce(client: OpenAI): Promise<{ status: number; ms: number; retryAfter: string | null; body: unknown }> {
  const started = Date.now();
  try {
    await client.chat.completions.create({ model: MODEL, max_tokens: 16, messages: [{ role: 'user', content: 'hello' }] });
    return { status: 200, ms: Date.now() - started, retryAfter: null, body: null };
  } catch (err) {
    if (!(err instanceof OpenAI.APIError) || err.status === undefined) throw err;
    return { status: err.status, ms: Date.now() - started, retryAfter: err.headers?.get('retry-after') ?? null, body: err.error };
  }
}
