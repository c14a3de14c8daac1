import type { KeyInvalidation } from '../../shared/ports/key-invalidations.js';
import { describeContract } from './harness.js';

const report = (keyId: string): KeyInvalidation => ({ channelId: 'ch-1', keyId, status: 401, node: 'dp-1', at: '2026-11-01T00:00:00.000Z' });

describeContract('KeyInvalidations', (ports) => {
  test('reports are taken oldest first, each once, at most `max` at a time', async () => {
    const q = ports().keyInvalidations;
    expect(await q.take(10)).toEqual([]);
    for (const id of ['k1', 'k2', 'k3']) await q.report(report(id));
    expect(await q.take(2)).toEqual([report('k1'), report('k2')]);
    await q.report(report('k4'));
    expect(await q.take(10)).toEqual([report('k3'), report('k4')]);
    expect(await q.take(10)).toEqual([]);
  });

  test('a report is a copy: changing the reported object later changes nothing', async () => {
    const q = ports().keyInvalidations;
    const r = report('k1');
    await q.report(r);
    r.status = 999;
    expect(await q.take(1)).toEqual([report('k1')]);
  });
});
