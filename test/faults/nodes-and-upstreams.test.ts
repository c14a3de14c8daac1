/**
 * Process and upstream faults on the split service (control plane and two data planes as
 * processes, a private redis-server) under steady traffic from the official SDKs: a data plane
 * told to stop (SIGTERM) or killed (SIGKILL) with streams open, the control plane stopped and
 * started again, and an upstream that stalls. Each scenario asserts what the clients saw, that
 * the service healed by itself within its bound, and that the money agrees to the micro-RMB.
 */
import { UPSTREAM_KEYS, FAULT_GROUP, FAULT_MODELS, createFaultChannel, longReply } from '../support/fault-catalog.js';
import type { FaultAccount } from '../support/fault-accounts.js';
import { during, expectOutcomes, healedWithin, SLACK_MS } from '../support/fault-expectations.js';
import { eventually } from '../support/eventually.js';
import { expectMoneyAgrees } from '../support/money-agreement.js';
import { callOnce, SdkTraffic, type Lane, type Outcome } from '../support/sdk-traffic.js';
import { CONTROL_PLANE_SETTINGS, DATA_PLANE_SETTINGS, SplitService, type DataPlaneName } from '../support/split-service.js';

const GRACE_MS = Number(DATA_PLANE_SETTINGS.SHUTDOWN_GRACE_MS);
const DEAD_NODE_RELEASE_MS = Number(CONTROL_PLANE_SETTINGS.DEAD_NODE_RELEASE_MS);
/** The stalling channel's idle timeout between upstream bytes. */
const IDLE_TIMEOUT_S = 2;
/** A steady request's own bound: quick answers, plus room for a busy machine. */
const ANSWER_BOUND_MS = 2000 + SLACK_MS;

let service: SplitService;
let rich: FaultAccount;
let modest: FaultAccount;

beforeAll(async () => {
  service = await SplitService.start();
}, 240_000);

afterAll(async () => {
  await service?.stop();
});

beforeEach(async () => {
  // A scenario that failed half-way may have left a process stopped.
  await service.ensureRunning();
  // Accounts of each scenario's own: its money check sees only its own traffic.
  [rich, modest] = await Promise.all([service.account('200'), service.account('0.8')]);
}, 120_000);

const money = (accounts: FaultAccount[], outcomes: Outcome[]) => expectMoneyAgrees({ databaseUrl: service.databaseUrl, gql: (q, v) => service.gql(q, v) }, accounts, outcomes);

/** A streamed request for one of the long-stream models. */
function slowLane(node: DataPlaneName, account: FaultAccount, client: 'chat-stream' | 'messages-stream'): Lane {
  return { ...service.lane(node, account, client), model: client === 'chat-stream' ? FAULT_MODELS.slowChat : FAULT_MODELS.slowClaude };
}

/** Starts `lane`'s request and resolves once the fake upstream has received it (the stream is open), with its outcome to come. */
async function openStream(lane: Lane, upstreamKey: string): Promise<{ outcome: Promise<Outcome> }> {
  const before = service.upstream.requestsFor(upstreamKey).length;
  const outcome = callOnce(lane);
  await eventually(async () => service.upstream.requestsFor(upstreamKey).length > before, `${lane.model} stream opened`, 20_000);
  return { outcome };
}

/** Runs `start` in the background; the function returned waits for it and passes its failure on. */
function settled(start: Promise<void>): () => Promise<void> {
  const outcome = start.then(
    () => null,
    (err: unknown) => err,
  );
  return async () => {
    const err = await outcome;
    if (err) throw err;
  };
}

/** Open reservations of each account, as reconciliation reports them. */
async function openReservations(accounts: FaultAccount[]): Promise<bigint[]> {
  const { reconciliation } = await service.gql<{ reconciliation: { accountId: string; openReservationsMicro: string }[] }>(
    'query($ids: [ID!]) { reconciliation(accountIds: $ids) { accountId openReservationsMicro } }',
    { ids: accounts.map((a) => a.id) },
  );
  return accounts.map((a) => BigInt(reconciliation.find((r) => r.accountId === a.id)?.openReservationsMicro ?? '-1'));
}

test('SIGTERM of a data plane mid-stream: streams finish within the grace or end with the format error event; the other node serves on', () =>
  service.explain(async () => {
    const node = service.dataPlanes.domestic;
    // The first stream of each long-stream channel ends well within the grace, the second long after it.
    for (const key of [UPSTREAM_KEYS.slowChat, UPSTREAM_KEYS.slowClaude]) {
      service.upstream.script(key, { kind: 'reply', reply: longReply(10), gapMs: 100 }, { kind: 'reply', reply: longReply(100), gapMs: 250 });
    }
    const traffic = new SdkTraffic(service.steadyLanes(rich, modest)).start();
    let termAt = 0;
    let streams: Outcome[];
    try {
      const short = await Promise.all([openStream(slowLane('domestic', rich, 'chat-stream'), UPSTREAM_KEYS.slowChat), openStream(slowLane('domestic', modest, 'messages-stream'), UPSTREAM_KEYS.slowClaude)]);
      const long = await Promise.all([openStream(slowLane('domestic', rich, 'chat-stream'), UPSTREAM_KEYS.slowChat), openStream(slowLane('domestic', rich, 'messages-stream'), UPSTREAM_KEYS.slowClaude)]);
      await during(300);
      termAt = Date.now();
      node.process.signal('SIGTERM');
      expect(await node.process.waitExit(GRACE_MS + SLACK_MS)).toBe(0);
      const restarted = settled(node.start());
      streams = await Promise.all([...short, ...long].map((s) => s.outcome));
      const [shortChat, shortMessages, longChat, longMessages] = streams;
      expect([shortChat.result, shortMessages.result]).toEqual(['ok', 'ok']);
      for (const o of [longChat, longMessages]) {
        expect({ client: o.client, result: o.result, inFormat: o.inFormat }).toEqual({ client: o.client, result: 'stream-error', inFormat: true });
        expect(o.text).toMatch(/tick/);
        // The error event names the request, and it came when the grace ended, not at the stream's own end.
        expect(JSON.stringify(o.error)).toContain(o.requestId);
        expect(o.startedAt + o.latencyMs - termAt).toBeLessThan(GRACE_MS + SLACK_MS);
      }
      await restarted();
      await healedWithin(service.steadyLanes(rich, modest, ['domestic']), Date.now(), ANSWER_BOUND_MS);
    } finally {
      await traffic.stop();
    }
    expectOutcomes(traffic.outcomes.filter((o) => o.node === 'overseas'), {}, ANSWER_BOUND_MS);
    // The stopping node refuses new connections (or answers, or refuses a request in-format with Retry-After) while it drains; it never leaves one hanging.
    expectOutcomes(traffic.since(termAt).filter((o) => o.node === 'domestic'), { statuses: [503], results: ['connection-error'] }, ANSWER_BOUND_MS);
    await money([rich, modest], [...traffic.outcomes, ...streams]);
  }),
  120_000,
);

test('SIGKILL of a data plane mid-stream: the client sees the stream break, the dead node’s reservations come back within DEAD_NODE_RELEASE_MS', () =>
  service.explain(async () => {
    const node = service.dataPlanes.domestic;
    // Accounts only this node serves: what it reserved (a balance lease, a reservation per request) shows alone.
    const [leased, reserved] = await Promise.all([service.account('200'), service.account('0.8')]);
    for (const key of [UPSTREAM_KEYS.slowChat, UPSTREAM_KEYS.slowClaude]) service.upstream.setDefault(key, { kind: 'reply', reply: longReply(100), gapMs: 250 });
    const traffic = new SdkTraffic(service.steadyLanes(rich, modest, ['overseas'])).start();
    let streams: Outcome[];
    let killAt = 0;
    try {
      const open = await Promise.all([openStream(slowLane('domestic', leased, 'chat-stream'), UPSTREAM_KEYS.slowChat), openStream(slowLane('domestic', reserved, 'messages-stream'), UPSTREAM_KEYS.slowClaude)]);
      await during(300);
      expect((await openReservations([leased, reserved])).every((r) => r > 0n)).toBe(true);
      killAt = Date.now();
      node.process.signal('SIGKILL');
      await node.process.waitExit(SLACK_MS);
      // Started again at once, as a process manager would: the dead process's reservations must come back all the same.
      const restarted = settled(node.start());
      streams = await Promise.all(open.map((s) => s.outcome));
      for (const o of streams) {
        expect(['cut', 'connection-error']).toContain(o.result);
        expect(o.startedAt + o.latencyMs - killAt).toBeLessThan(SLACK_MS);
      }
      await eventually(
        async () => {
          const open = await openReservations([leased, reserved]);
          if (open.some((r) => r !== 0n)) throw new Error(`still reserved: ${open.join(', ')} micro-RMB`);
          return true;
        },
        "the dead node's reservations released",
        DEAD_NODE_RELEASE_MS + SLACK_MS,
      );
      await restarted();
      await healedWithin(service.steadyLanes(rich, modest, ['domestic']), Date.now(), ANSWER_BOUND_MS);
    } finally {
      await traffic.stop();
      service.upstream.setDefault(UPSTREAM_KEYS.slowChat, { kind: 'reply' });
      service.upstream.setDefault(UPSTREAM_KEYS.slowClaude, { kind: 'reply' });
    }
    expectOutcomes(traffic.outcomes, {}, ANSWER_BOUND_MS);
    await money([rich, modest, leased, reserved], [...traffic.outcomes, ...streams]);
  }),
  120_000,
);

test('the control plane stopped and started again: both data planes keep serving, and what they served is ledgered after', () =>
  service.explain(async () => {
    const traffic = new SdkTraffic(service.steadyLanes(rich, modest)).start();
    let stoppedAt = 0;
    let startedAt = 0;
    try {
      await during(500);
      stoppedAt = Date.now();
      expect(await service.controlPlane.terminate(30_000)).toBe(0);
      await during(2000);
      await service.controlPlane.start();
      startedAt = Date.now();
      await during(500);
    } finally {
      await traffic.stop();
    }
    const whileDown = traffic.startedBetween(stoppedAt, startedAt);
    expect(whileDown.length).toBeGreaterThan(0);
    expectOutcomes(traffic.outcomes, {}, ANSWER_BOUND_MS);
    await money([rich, modest], traffic.outcomes);
  }),
  120_000,
);

test('an upstream that stalls: before the first byte the request fails over, after it the client gets the error event; the channel’s health counts both', () =>
  service.explain(async () => {
    const STALL_KEY = 'sk-fault-stall-0123456789abcdef';
    const BACKUP_KEY = 'sk-fault-stall-backup-0123456789abcdef';
    const model = 'fault-stall';
    await service.gql('mutation($i: CreateModelInput!) { createModel(input: $i) { modelId } }', { i: { modelId: model, vendor: 'openai', prices: { input: '1.25', output: '10' } } });
    // The stalling channel is tried first (higher priority); the backup serves what fails over.
    const stalling = await createFaultChannel((q, v) => service.gql(q, v), {
      name: 'fault-stall',
      kind: 'OpenAI',
      baseUrl: service.upstream.url,
      keys: [STALL_KEY],
      models: [{ model }],
      groups: [{ group: FAULT_GROUP, priority: 1 }],
      idleTimeoutSeconds: IDLE_TIMEOUT_S,
    });
    await createFaultChannel((q, v) => service.gql(q, v), { name: 'fault-stall-backup', kind: 'OpenAI', baseUrl: service.upstream.url, keys: [BACKUP_KEY], models: [{ model }], groups: [{ group: FAULT_GROUP }] });
    const stallLane = (node: DataPlaneName): Lane => ({ ...service.lane(node, rich, 'chat-stream'), model });
    await healedWithin([stallLane('domestic'), stallLane('overseas')], Date.now(), 10_000);

    const traffic = new SdkTraffic(service.steadyLanes(rich, modest)).start();
    let afterFirstByte: Outcome;
    let beforeFirstByte: Outcome;
    const backupBefore = service.upstream.requestsFor(BACKUP_KEY).length;
    try {
      service.upstream.script(STALL_KEY, { kind: 'cut', afterEvents: 2, ending: 'stall' });
      afterFirstByte = await callOnce(stallLane('domestic'));
      service.upstream.script(STALL_KEY, { kind: 'cut', afterEvents: 0, ending: 'stall' });
      beforeFirstByte = await callOnce(stallLane('overseas'));
    } finally {
      await traffic.stop();
    }
    expect({ result: afterFirstByte.result, inFormat: afterFirstByte.inFormat }).toEqual({ result: 'stream-error', inFormat: true });
    expect(JSON.stringify(afterFirstByte.error)).toContain(afterFirstByte.requestId);
    expect(beforeFirstByte.result).toBe('ok');
    expect(service.upstream.requestsFor(BACKUP_KEY).length).toBe(backupBefore + 1);
    for (const o of [afterFirstByte, beforeFirstByte]) expect(o.latencyMs).toBeLessThan(IDLE_TIMEOUT_S * 1000 + SLACK_MS);
    expectOutcomes(traffic.outcomes, {}, ANSWER_BOUND_MS);

    await eventually(
      async () => {
        const { groupAvailability } = await service.gql<{ groupAvailability: { group: string; channels: { channel: string; windows: { hour: { requests: number; successes: number } } }[] }[] }>(
          '{ groupAvailability { group channels { channel windows { hour { requests successes } } } } }',
        );
        const hour = groupAvailability.find((g) => g.group === FAULT_GROUP)?.channels.find((c) => c.channel === stalling)?.windows.hour;
        if (!hour || hour.requests - hour.successes < 2) throw new Error(`stalling channel's last hour: ${JSON.stringify(hour)}`);
        return true;
      },
      'the stalls counted as the channel’s failures',
      10_000,
    );
    await money([rich, modest], [...traffic.outcomes, afterFirstByte, beforeFirstByte]);
  }),
  90_000,
);
