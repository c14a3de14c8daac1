/**
 * Two control-plane instances on one PostgreSQL and one Redis: an event raised on one reaches a
 * graphql-ws subscriber connected to the other (the Redis-backed PubSub), and an ops tool that is
 * not a browser can subscribe with the Node graphql-ws client.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { gqlOk } from '../support/graphql.js';
import { loginSession } from '../support/accounts.js';
import { startTestControlPlane, TEST_ADMIN, type TestControlPlane } from '../support/control-plane.js';

let a: TestControlPlane;
let b: TestControlPlane;
let client: Client | undefined;

beforeAll(async () => {
  a = await startTestControlPlane();
  b = await startTestControlPlane({ databaseUrl: a.databaseUrl, redisPrefix: a.redisPrefix });
});

afterAll(async () => {
  await client?.dispose();
  await b?.close();
  await a?.stop();
});

interface Posted {
  incidentPosted: { incident: { title: string }; update: { message: string } };
}

test('an incident posted on instance B reaches a subscriber of instance A', async () => {
  const session = await loginSession(b.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  client = createClient({ url: a.server.wsUrl, webSocketImpl: WebSocket, retryAttempts: 0 });
  const received = new Promise<Posted>((resolve, reject) => {
    const stop = client!.subscribe<Posted>(
      { query: 'subscription { incidentPosted { incident { title } update { message } } }' },
      {
        next: (value) => {
          if (value.data) {
            stop();
            resolve(value.data as Posted);
          }
        },
        error: reject,
        complete: () => undefined,
      },
    );
  });
  // The subscription is live once A has subscribed to Redis; post until one arrives (for up to 20 s).
  let delivered: Posted | undefined;
  const deadline = Date.now() + 20_000;
  for (let i = 0; !delivered && Date.now() < deadline; i++) {
    await gqlOk(
      b.server.url,
      'mutation($t: String!) { createIncident(input: { title: $t, impact: MINOR, message: "Investigating elevated errors" }) { id } }',
      { t: `Elevated errors ${i}` },
      { session },
    );
    delivered = await Promise.race([received, new Promise<undefined>((r) => setTimeout(() => r(undefined), 100))]);
  }
  expect(delivered?.incidentPosted.incident.title).toMatch(/^Elevated errors \d+$/);
  expect(delivered?.incidentPosted.update.message).toBe('Investigating elevated errors');
});
