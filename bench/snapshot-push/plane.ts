/**
 * One data plane of the snapshot-push benchmark, alone in its process as in production (each
 * data-plane node is its own process): the full data plane (loader, heartbeat, HTTP server) on
 * the parent's Redis prefix. It notes when each revision is applied, on the machine's monotonic
 * clock, so the parent can subtract the time it made the change.
 *
 *   plane.ts <node name> <redis prefix> <data dir>
 */
import { tuneHeapForServing } from '../../shared/process/serving-heap.js';
import { startTestDataPlane } from '../../test/support/data-plane.js';
import { serveParent } from '../lib/child.js';
import { monotonicMs } from '../lib/stats.js';

process.env.LOG_LEVEL ??= 'error';
tuneHeapForServing(); // as a data plane's process is started

const [nodeName, redisPrefix, dataDir] = process.argv.slice(2);

/** Revisions in the order applied, with when. */
const applied: { revision: number; at: number }[] = [];
const waiters = new Set<() => void>();

const plane = await startTestDataPlane({
  nodeName,
  redisPrefix,
  dataDir,
  // Production periods: the announcement, not the poll, brings each change.
  env: { SNAPSHOT_POLL_MS: '5000', HEARTBEAT_MS: '2000' },
  onSnapshotChange: ({ revision }) => {
    if (revision === null || revision === applied.at(-1)?.revision) return; // a refusal
    applied.push({ revision, at: monotonicMs() });
    for (const wake of waiters) wake();
  },
});

/** When the first revision >= `revision` was applied (waits for it). */
async function appliedAt(revision: number): Promise<number> {
  for (;;) {
    const hit = applied.find((a) => a.revision >= revision);
    if (hit) return hit.at;
    await new Promise<void>((resolve) => {
      const wake = () => {
        waiters.delete(wake);
        resolve();
      };
      waiters.add(wake);
    });
  }
}

serveParent({ appliedAt, cpu: () => process.cpuUsage() }, () => plane.close());
