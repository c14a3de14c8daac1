import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';

/** A lock older than this was left by a build that died: it is taken over. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Runs `work` while holding `lockDir` (made with mkdir, atomic): several processes may build at
 * once (tests, a start beside them); one builds, the others wait for it. `what` names the build
 * in the error of a lock held too long.
 */
export async function withDirLock<T>(lockDir: string, what: string, work: () => Promise<T>): Promise<T> {
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      if (existsSync(lockDir) && Date.now() - statSync(lockDir).mtimeMs > STALE_LOCK_MS) rmSync(lockDir, { recursive: true, force: true });
      if (waited > STALE_LOCK_MS) throw new Error(`${what}: ${lockDir} held for 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
