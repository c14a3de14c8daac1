/**
 * The image and video routes built at their first request (data-plane/bootstrap.ts,
 * onFirstRequest): a build that failed is tried again at the next request, closing after a failed
 * build resolves, and a request that waited for a build while the routes closed goes on.
 */
import type Koa from 'koa';
import { onFirstRequest } from '../../data-plane/bootstrap.js';

const ctx = (path: string) => ({ path, body: undefined }) as unknown as Koa.Context;

/** Routes answering `answer` as the body, and counting their close. */
function routes(answer: string) {
  const state = { closed: 0 };
  return {
    state,
    routes: {
      middleware: async (c: Koa.Context) => {
        c.body = answer;
      },
      close: async () => {
        state.closed += 1;
      },
    },
  };
}

test('a build that failed is tried again at the next request; closing after it resolves', async () => {
  let builds = 0;
  const built = routes('images');
  const family = onFirstRequest('/v1/images/', async () => {
    builds += 1;
    if (builds === 1) throw new Error('the module failed to load');
    return built.routes;
  });
  const next = async () => undefined;
  await expect(family.middleware(ctx('/v1/images/generations'), next)).rejects.toThrow('the module failed to load');
  const second = ctx('/v1/images/generations');
  await family.middleware(second, next);
  expect(second.body).toBe('images');
  expect(builds).toBe(2);
  await family.close();
  expect(built.state.closed).toBe(1);
});

test('closing after a failed build resolves, and builds nothing more', async () => {
  let builds = 0;
  const family = onFirstRequest('/v1/videos', async () => {
    builds += 1;
    throw new Error('the module failed to load');
  });
  await expect(family.middleware(ctx('/v1/videos'), async () => undefined)).rejects.toThrow();
  await expect(family.close()).resolves.toBeUndefined();
  let passedOn = false;
  await family.middleware(ctx('/v1/videos'), async () => void (passedOn = true));
  expect(passedOn).toBe(true);
  expect(builds).toBe(1);
});

test('a request that waited for the build while the routes closed goes on to the next middleware', async () => {
  let finish!: () => void;
  const built = routes('videos');
  const family = onFirstRequest('/v1/videos', () => new Promise((resolve) => (finish = () => resolve(built.routes))));
  let passedOn = false;
  const waiting = ctx('/v1/videos');
  const served = family.middleware(waiting, async () => void (passedOn = true));
  const closed = family.close();
  finish();
  await Promise.all([served, closed]);
  expect(passedOn).toBe(true);
  expect(waiting.body).toBeUndefined();
  expect(built.state.closed).toBe(1);
});
