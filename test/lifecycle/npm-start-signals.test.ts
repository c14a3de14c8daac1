/**
 * `npm start` stops whole, whichever process of its tree a process manager signals: SIGTERM to
 * npm (npm passes it to node, which drains both planes and stops its PostgreSQL), and SIGKILL of
 * npm (node notices its parent is gone and stops the same way). Nothing is left: no port
 * answers, no node and no PostgreSQL of the data directory runs.
 */
import { eventually } from '../contract/harness.js';
import { ServiceUnderTest, accepts, postgresOf } from '../support/service-process.js';

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await new ServiceUnderTest().init();
});
afterAll(() => service?.remove());

async function expectAllStopped(): Promise<void> {
  await eventually(async () => {
    expect(service.leftovers()).toEqual([]);
    for (const port of Object.values(service.ports)) expect(await accepts(port)).toBe(false);
  }, 30_000);
}

test('SIGTERM to npm start stops node and its embedded PostgreSQL', async () => {
  const npm = await service.start();
  expect(postgresOf(service.dataDir)).toHaveLength(1);
  for (const port of Object.values(service.ports)) expect(await accepts(port)).toBe(true);
  npm.kill('SIGTERM');
  await expectAllStopped();
  expect(service.output).toContain('"signal":"SIGTERM","msg":"shutting down"');
}, 120_000);

test('SIGKILL of npm start: node sees its parent gone and stops everything', async () => {
  const npm = await service.start();
  expect(postgresOf(service.dataDir)).toHaveLength(1);
  npm.kill('SIGKILL');
  await expectAllStopped();
  expect(service.output).toContain('"signal":"parent process exited"');
}, 120_000);
