import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { Role } from '../../control-plane/accounts/account.entity.js';
import { emptyTotals } from '../../shared/health/outcome.js';
import { eventually } from '../contract/harness.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { expectBadInput, gql, gqlOk } from '../support/graphql.js';
import { addOutcomes, attempt } from '../support/outcomes.js';
import { seedAccount } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let now = Date.parse('2026-11-22T12:30:00Z');
let admin: string;
let user: string;
let ws: Client | undefined;

beforeAll(async () => {
  cp = await startTestControlPlane({ overrides: { now: () => now }, env: { HEALTH_EVALUATE_MS: '3600000', HEALTH_FOLD_MS: '3600000', HEALTH_PROBE_INTERVAL_MS: '0' } });
  admin = (await seedAccount(cp.services, { role: Role.Admin })).session;
  user = (await seedAccount(cp.services)).session;
});

afterAll(async () => {
  await ws?.dispose();
  await cp?.stop();
});

interface Page {
  statusPage: {
    target: number;
    overall: { window: string; availability: number | null; requests: number; meetsTarget: boolean | null }[];
    nodes: { name: string; days: { day: string; availability: number | null; requests: number }[] }[];
    groups: { name: string; days: { day: string; requests: number }[] }[];
    incidents: { id: string; status: string; updates: { status: string; message: string; createdAt: string }[] }[];
  };
}

const PAGE = `{ statusPage { target overall { window availability requests meetsTarget } nodes { name days { day availability requests } }
  groups { name days { day requests } } incidents { id status updates { status message createdAt } } } }`;

test('overall availability against 99.9 percent over 24 h, 7, 30 and 90 days, and 90 days of history per node and per group, without login', async () => {
  const hour = (daysAgo: number) => new Date(Date.parse('2026-11-22T12:00:00Z') - daysAgo * 86_400_000);
  await cp.services.health.store.upsertHours([
    { hour: hour(2), key: attempt({ node: 'domestic' }), totals: { ...emptyTotals(), ok: 999, upstream_5xx: 1 } },
    { hour: hour(40), key: attempt({ node: 'overseas', group: 'beta' }), totals: { ...emptyTotals(), ok: 100, connect: 10 } },
    { hour: hour(2), key: attempt({ node: 'probe' }), totals: { ...emptyTotals(), ok: 0 } },
  ]);
  await addOutcomes(cp.services.deps.ports.outcomes, now, 10, 0, { node: 'domestic' });
  await cp.services.health.fold(0); // the periodic fold is off in this file
  const page = (await gqlOk<Page>(cp.server.url, PAGE)).statusPage;
  expect(page.target).toBe(0.999);
  expect(page.overall).toEqual([
    { window: '24h', availability: 1, requests: 10, meetsTarget: true },
    { window: '7d', availability: 1009 / 1010, requests: 1010, meetsTarget: true },
    { window: '30d', availability: 1009 / 1010, requests: 1010, meetsTarget: true },
    { window: '90d', availability: 1109 / 1120, requests: 1120, meetsTarget: false },
  ]);
  expect(page.nodes.map((n) => n.name)).toEqual(['domestic', 'overseas']);
  const domestic = page.nodes[0].days;
  expect(domestic).toHaveLength(90);
  expect(domestic[89]).toEqual({ day: '2026-11-22T00:00:00.000Z', availability: 1, requests: 10 });
  expect(domestic[87]).toEqual({ day: '2026-11-20T00:00:00.000Z', availability: 0.999, requests: 1000 });
  expect(domestic[0]).toEqual({ day: '2026-08-25T00:00:00.000Z', availability: null, requests: 0 });
  const beta = page.groups.find((g) => g.name === 'beta')!;
  expect(beta.days[49]).toEqual({ day: '2026-10-13T00:00:00.000Z', requests: 110 });
  expect(page.groups.find((g) => g.name === 'alpha')!.days[89].requests).toBe(10);
});

test('incidents: an admin creates, updates and resolves; the public reads them and hears each post over graphql-ws', async () => {
  const posts: { status: string; update: string }[] = [];
  ws = createClient({ url: cp.server.wsUrl, webSocketImpl: WebSocket, retryAttempts: 0 });
  ws.subscribe<{ incidentPosted: { incident: { status: string }; update: { message: string } } }>(
    { query: 'subscription { incidentPosted { incident { status } update { message } } }' },
    { next: ({ data }) => data && posts.push({ status: data.incidentPosted.incident.status, update: data.incidentPosted.update.message }), error: () => undefined, complete: () => undefined },
  );
  // The subscription is live once the first incident's post arrives; keep posting until then.
  const create = `mutation($i: CreateIncidentInput!) { createIncident(input: $i) { id status groups createdAt updates { message } } }`;
  const refused = await gql(cp.server.url, create, { i: { title: 'x', impact: 'MINOR', message: 'y' } }, { session: user });
  expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const badGroup = await gql(cp.server.url, create, { i: { title: 'x', impact: 'MINOR', message: 'y', groups: ['nope'] } }, { session: admin });
  expectBadInput(badGroup, 'groups');

  let id = '';
  await eventually(async () => {
    if (posts.length === 0) {
      const made = await gqlOk<{ createIncident: { id: string } }>(cp.server.url, create, { i: { title: 'Elevated errors on alpha', impact: 'MAJOR', message: 'Looking into it', groups: ['alpha'] } }, { session: admin });
      id = made.createIncident.id;
      throw new Error('not heard yet');
    }
  }, 5000);
  const update = `mutation($i: PostIncidentUpdateInput!) { postIncidentUpdate(input: $i) { status updates { status message createdAt } } }`;
  now += 10 * 60_000;
  await gqlOk(cp.server.url, update, { i: { incidentId: id, status: 'IDENTIFIED', message: 'An upstream is failing' } }, { session: admin });
  now += 20 * 60_000;
  const resolved = await gqlOk<{ resolveIncident: { status: string; updates: { status: string; createdAt: string }[] } }>(
    cp.server.url,
    `mutation($i: PostIncidentUpdateInput!) { resolveIncident(input: $i) { status updates { status createdAt } } }`,
    { i: { incidentId: id, status: 'MONITORING', message: 'Recovered' } },
    { session: admin },
  );
  expect(resolved.resolveIncident.status).toBe('RESOLVED');
  expect(resolved.resolveIncident.updates.slice(-2)).toEqual([
    { status: 'IDENTIFIED', createdAt: '2026-11-22T12:40:00.000Z' },
    { status: 'RESOLVED', createdAt: '2026-11-22T13:00:00.000Z' },
  ]);
  await eventually(() => expect(posts.slice(-2)).toEqual([{ status: 'IDENTIFIED', update: 'An upstream is failing' }, { status: 'RESOLVED', update: 'Recovered' }]));

  const again = await gql(cp.server.url, update, { i: { incidentId: id, status: 'MONITORING', message: 'late' } }, { session: admin });
  expectBadInput(again, 'incidentId');
  const badId = await gql(cp.server.url, update, { i: { incidentId: 'not-a-uuid', status: 'MONITORING', message: 'x' } }, { session: admin });
  expect(badId.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

  const page = (await gqlOk<Page>(cp.server.url, PAGE)).statusPage;
  const mine = page.incidents.find((i) => i.id === id)!;
  expect(mine.status).toBe('RESOLVED');
  expect(mine.updates.map((u) => u.message)).toEqual(['Looking into it', 'An upstream is failing', 'Recovered']);
});
