import { execFileSync } from 'node:child_process';

/**
 * Jest's global setup for the tests that use PostgreSQL and Redis: compiles the server into dist/
 * when its sources changed (`npm run build -- --if-stale`), so that the service processes tests
 * start run plain JavaScript instead of transpiling every module at start.
 */
export default function buildDist() {
  execFileSync('npm', ['run', '-s', 'build', '--', '--if-stale'], { stdio: ['ignore', 'pipe', 'pipe'] });
}
