import { clockPasses, describeContract } from './harness.js';

const job = (id: string, createdAt: number) => ({ id, createdAt, record: JSON.stringify({ id }) });

describeContract('VideoJobStore', (ports) => {
  test('a record is kept per account, replaced by a later put', async () => {
    const now = Date.now();
    await ports().videoJobs.put('a', job('v1', now), 60_000, now);
    await ports().videoJobs.put('a', { ...job('v1', now), record: '{"id":"v1","done":true}' }, 60_000, now);
    expect(await ports().videoJobs.get('a', 'v1')).toBe('{"id":"v1","done":true}');
    expect(await ports().videoJobs.get('b', 'v1')).toBeNull();
    expect(await ports().videoJobs.list('b', { limit: 10, order: 'desc' })).toEqual([]);
  });

  test('lists page by creation time, newest or oldest first, after a given job', async () => {
    const now = Date.now();
    for (const [id, at] of [['v2', now - 2], ['v3', now - 1], ['v1', now - 3], ['v4', now]] as const) await ports().videoJobs.put('a', job(id, at), 60_000, now);
    const ids = async (page: { after?: string; limit: number; order: 'asc' | 'desc' }) => (await ports().videoJobs.list('a', page)).map((r) => (JSON.parse(r) as { id: string }).id);
    expect(await ids({ limit: 10, order: 'desc' })).toEqual(['v4', 'v3', 'v2', 'v1']);
    expect(await ids({ limit: 2, order: 'desc', after: 'v3' })).toEqual(['v2', 'v1']);
    expect(await ids({ limit: 3, order: 'asc' })).toEqual(['v1', 'v2', 'v3']);
    expect(await ids({ limit: 3, order: 'asc', after: 'v3' })).toEqual(['v4']);
  });

  test("records older than the ttl go at the account's next write; an idle account's go whole", async () => {
    const now = Date.now();
    await ports().videoJobs.put('a', job('old', now - 10_000), 5_000, now - 10_000);
    await ports().videoJobs.put('a', job('new', now), 5_000, now);
    expect(await ports().videoJobs.get('a', 'old')).toBeNull();
    expect(await ports().videoJobs.list('a', { limit: 10, order: 'desc' })).toHaveLength(1);
    await ports().videoJobs.put('idle', job('v', Date.now()), 30, Date.now());
    await clockPasses(Date.now() + 30);
    expect(await ports().videoJobs.get('idle', 'v')).toBeNull();
  });
});
