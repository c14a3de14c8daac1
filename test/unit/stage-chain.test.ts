/** The typed stage chains the data plane's endpoints are built from (data-plane/pipeline/state.ts). */
import type Koa from 'koa';
import { StageChain, type RequestState, type Stage } from '../../data-plane/pipeline/state.js';

const named: Stage<RequestState, { name: string }> = async (ctx, next) => {
  ctx.state.name = 'ada';
  await next();
};
const greeted: Stage<{ name: string }, { greeting: string }> = async (ctx, next) => {
  ctx.state.greeting = `hello ${ctx.state.name}`;
  await next();
};

/** Runs `stages` in order on a context holding `state`, as the router does. */
async function run(stages: Koa.Middleware[], state: Record<string, unknown>): Promise<void> {
  const ctx = { state } as Koa.Context;
  const at = (i: number): Promise<void> => (i === stages.length ? Promise.resolve() : Promise.resolve(stages[i](ctx, () => at(i + 1))));
  await at(0);
}

test('a chain runs its stages in order, each seeing what the ones before it set', async () => {
  const state: Record<string, unknown> = { requestId: 'req_1' };
  await run(StageChain.start().then(named).then(greeted).stages, state);
  expect(state).toEqual({ requestId: 'req_1', name: 'ada', greeting: 'hello ada' });
});

test('a chain is immutable: endpoints may share its start', async () => {
  const start = StageChain.start().then(named);
  const longer = start.then(greeted);
  expect(start.stages).toHaveLength(1);
  expect(longer.stages).toHaveLength(2);
  // A stage listed before the stages that set what it reads is a type error (checked by the type-check).
  // @ts-expect-error `greeted` reads `name`, which nothing before it sets
  expect(StageChain.start().then(greeted).stages).toHaveLength(1);
});
