/**
 * A channel's own idle timeout (`idleTimeoutSeconds`): set, changed and cleared through GraphQL,
 * validated, and carried by the routing snapshot as `timeouts.idleMs` (null: the data planes'
 * UPSTREAM_IDLE_TIMEOUT_MS).
 */
import { SnapshotBuilder } from '../../control-plane/publish/snapshot.builder.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { expectBadInput, gql, gqlOk } from '../support/graphql.js';
import { adminAndUserSessions } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let admin: string;

beforeAll(async () => {
  cp = await startTestControlPlane({ redis: false });
  ({ admin } = await adminAndUserSessions(cp));
});
afterAll(() => cp?.stop());

const FIELDS = 'id idleTimeoutSeconds';

/** The idle limit the snapshot gives the channel `id`. */
async function snapshotIdleMs(id: string): Promise<number | null | undefined> {
  const built = await new SnapshotBuilder().build(cp.services.deps.orm.em.fork());
  return built.content.channels.find((c) => c.id === id)?.timeouts.idleMs;
}

test('set at creation, changed, cleared back to the default, and refused out of range', async () => {
  const { createChannel } = await gqlOk<{ createChannel: { id: string; idleTimeoutSeconds: number | null } }>(
    cp.server.url,
    `mutation($i: CreateChannelInput!) { createChannel(input: $i) { ${FIELDS} } }`,
    { i: { name: 'idle-a', kind: 'OpenAI', baseUrl: 'https://upstream.example.test', keys: ['sk-idle-key'], idleTimeoutSeconds: 15 } },
    { session: admin },
  );
  expect(createChannel.idleTimeoutSeconds).toBe(15);
  expect(await snapshotIdleMs(createChannel.id)).toBe(15_000);

  const update = (input: Record<string, unknown>) =>
    gql<{ updateChannel: { idleTimeoutSeconds: number | null } }>(cp.server.url, `mutation($id: ID!, $i: UpdateChannelInput!) { updateChannel(id: $id, input: $i) { ${FIELDS} } }`, { id: createChannel.id, i: input }, { session: admin });
  expect((await update({ name: 'idle-b' })).data?.updateChannel.idleTimeoutSeconds).toBe(15);
  expect((await update({ idleTimeoutSeconds: 90 })).data?.updateChannel.idleTimeoutSeconds).toBe(90);
  expect(await snapshotIdleMs(createChannel.id)).toBe(90_000);
  for (const bad of [0, -1, 3601]) expectBadInput(await update({ idleTimeoutSeconds: bad }), 'idleTimeoutSeconds');
  expect((await update({ idleTimeoutSeconds: null })).data?.updateChannel.idleTimeoutSeconds).toBeNull();
  expect(await snapshotIdleMs(createChannel.id)).toBeNull();
});

test('a channel created without one follows the data planes', async () => {
  const { createChannel } = await gqlOk<{ createChannel: { id: string; idleTimeoutSeconds: number | null } }>(
    cp.server.url,
    `mutation($i: CreateChannelInput!) { createChannel(input: $i) { ${FIELDS} } }`,
    { i: { name: 'idle-default', kind: 'Demo' } },
    { session: admin },
  );
  expect(createChannel.idleTimeoutSeconds).toBeNull();
  expect(await snapshotIdleMs(createChannel.id)).toBeNull();
});
