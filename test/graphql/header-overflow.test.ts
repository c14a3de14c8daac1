/** The control plane answers headers over Node's limit with 431 and a GraphQL-shaped JSON error, not an empty reply. */
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { rawRequest } from '../support/raw-http.js';

let cp: TestControlPlane;

beforeAll(async () => {
  cp = await startTestControlPlane();
});
afterAll(() => cp?.stop());

test('a 20 KB header gets 431 with { errors: [...] }, and the server keeps answering', async () => {
  const answer = await rawRequest(cp.server.url, `POST /graphql HTTP/1.1\r\nContent-Type: application/json\r\nCookie: ${'a'.repeat(20 * 1024)}`);
  expect(answer.status).toBe(431);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({
    errors: [{ message: 'The request headers are larger than the server accepts', extensions: { code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' } }],
  });
  const res = await fetch(cp.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
});
