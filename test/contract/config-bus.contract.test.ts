import type { DataPlaneHeartbeat } from '../../shared/ports/config-bus.js';
import { sealSnapshot } from '../../shared/snapshot/hash.js';
import type { RoutingSnapshot, SnapshotAnnouncement } from '../../shared/snapshot/types.js';
import { sampleContent } from '../support/snapshot.js';
import { describeContract, eventually } from './harness.js';

function snapshotAt(revision: number, exchangeRate = '7.2'): RoutingSnapshot {
  return sealSnapshot({ ...sampleContent(), exchangeRate }, revision, new Date('2026-11-22T00:00:00Z'));
}

describeContract('ConfigBus', (ports) => {
  test('revisions are allocated in increasing order', async () => {
    const bus = ports().configBus;
    const a = await bus.allocateRevision();
    const b = await bus.allocateRevision();
    const c = await bus.allocateRevision();
    expect([b - a, c - b]).toEqual([1, 1]);
  });

  test('the generation marker is the first candidate offered; later callers get that one too', async () => {
    const bus = ports().configBus;
    const first = await bus.generation('g1');
    expect(first).toBe('g1');
    expect(await bus.generation('g2')).toBe('g1');
    const both = await Promise.all([bus.generation('g3'), bus.generation('g4')]);
    expect(both).toEqual(['g1', 'g1']);
  });

  test('nothing is stored before the first publish', async () => {
    expect(await ports().configBus.readSnapshot()).toBeNull();
    expect(await ports().configBus.readHead()).toBeNull();
  });

  test('a published snapshot is stored whole, with its head, and announced as {revision, hash} only', async () => {
    const bus = ports().configBus;
    const heard: SnapshotAnnouncement[] = [];
    const unsubscribe = await bus.onAnnouncement((a) => heard.push(a));
    const snapshot = snapshotAt(3);
    expect(await bus.publishSnapshot(snapshot)).toBe(true);
    expect(JSON.parse((await bus.readSnapshot())!)).toEqual(snapshot);
    expect(await bus.readHead()).toEqual({ revision: 3, hash: snapshot.hash, createdAt: snapshot.createdAt });
    await eventually(() => expect(heard).toEqual([{ revision: 3, hash: snapshot.hash }]));
    await unsubscribe();
  });

  test('a revision not greater than the stored one is refused and changes nothing', async () => {
    const bus = ports().configBus;
    const heard: SnapshotAnnouncement[] = [];
    const unsubscribe = await bus.onAnnouncement((a) => heard.push(a));
    const newer = snapshotAt(5, '7.3');
    await bus.publishSnapshot(newer);
    expect(await bus.publishSnapshot(snapshotAt(5, '7.4'))).toBe(false);
    expect(await bus.publishSnapshot(snapshotAt(4, '7.5'))).toBe(false);
    expect(JSON.parse((await bus.readSnapshot())!)).toEqual(newer);
    expect((await bus.readHead())?.revision).toBe(5);
    // A later accepted publish proves the refused ones were never announced before it.
    const next = snapshotAt(6, '7.6');
    expect(await bus.publishSnapshot(next)).toBe(true);
    await eventually(() => expect(heard.map((a) => a.revision)).toEqual([5, 6]));
    await unsubscribe();
  });

  test('after unsubscribing, announcements are no longer delivered', async () => {
    const bus = ports().configBus;
    const first: number[] = [];
    const second: number[] = [];
    const stopFirst = await bus.onAnnouncement((a) => first.push(a.revision));
    const stopSecond = await bus.onAnnouncement((a) => second.push(a.revision));
    await bus.publishSnapshot(snapshotAt(1));
    await eventually(() => expect(first).toEqual([1]));
    await stopFirst();
    await bus.publishSnapshot(snapshotAt(2, '7.3'));
    await eventually(() => expect(second).toEqual([1, 2]));
    expect(first).toEqual([1]);
    await stopSecond();
  });

  test('heartbeats are kept one per node, replaced on each write, listed by node name', async () => {
    const bus = ports().configBus;
    const beat = (node: string, revision: number | null, extra: Partial<DataPlaneHeartbeat> = {}): DataPlaneHeartbeat => ({
      node,
      revision,
      hash: revision === null ? null : `h${revision}`,
      appliedAt: revision === null ? null : '2026-11-22T00:00:01.000Z',
      lastBeatAt: '2026-11-22T00:00:02.000Z',
      ...extra,
    });
    expect(await bus.readHeartbeats()).toEqual([]);
    await bus.writeHeartbeat(beat('overseas', null));
    await bus.writeHeartbeat(beat('domestic', 1));
    await bus.writeHeartbeat(beat('overseas', 2, { lastError: { revision: 3, message: 'invalid snapshot' } }));
    expect(await bus.readHeartbeats()).toEqual([beat('domestic', 1), beat('overseas', 2, { lastError: { revision: 3, message: 'invalid snapshot' } })]);
  });
});
