/**
 * `kill -9` of the service's node process leaves its embedded PostgreSQL running, orphaned: the
 * next `npm start` on that data directory stops it and starts normally. Then Ctrl-C (SIGINT, as
 * a terminal sends it to npm) stops everything.
 */
import { eventually } from '../contract/harness.js';
import { ServiceUnderTest, accepts, postgresOf } from '../support/service-process.js';

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await new ServiceUnderTest().init();
});
afterAll(() => service?.remove());

test('a PostgreSQL orphaned by kill -9 is stopped by the next start, which then serves', async () => {
  const node = await service.start({ direct: true });
  const [orphan] = postgresOf(service.dataDir);
  expect(orphan).toBeDefined();
  node.kill('SIGKILL');
  await eventually(async () => expect(await accepts(service.ports.controlPlane)).toBe(false), 20_000);
  // The database outlived its parent.
  expect(postgresOf(service.dataDir).map((p) => p.pid)).toEqual([orphan.pid]);

  const npm = await service.start();
  expect(service.output).toContain('stopped the embedded PostgreSQL an earlier start left running');
  expect(service.output).not.toContain('undefined');
  const [fresh] = postgresOf(service.dataDir);
  expect(fresh.pid).not.toBe(orphan.pid);
  const answer = await fetch(`http://127.0.0.1:${service.ports.controlPlane}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  expect(answer.status).toBe(200);

  npm.kill('SIGINT');
  await eventually(async () => {
    expect(service.leftovers()).toEqual([]);
    for (const port of Object.values(service.ports)) expect(await accepts(port)).toBe(false);
  }, 30_000);
}, 120_000);
