/**
 * The control plane's Prometheus series (README "Metrics"). GraphQL operations are named by their
 * first root field (a schema name, never the client's operation name); groups by their names;
 * nothing names an account.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { getOperationAST, type ExecutionArgs, type ExecutionResult, type GraphQLFormattedError, type OperationDefinitionNode } from 'graphql';
import type { OperationResult } from 'graphql-ws';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { createRegistry, secondsSince } from '../../shared/metrics/registry.js';
import { RedisCommandMetrics } from '../../shared/metrics/redis-commands.js';
import { GROUP_STATES } from '../../shared/ports/group-states.js';
import type { UsageBacklog } from '../../shared/ports/usage-queue.js';
import type { Services } from '../services.js';
import type { GraphQLContext } from '../graphql/context.js';
import { USAGE_CONSUMER_GROUP } from '../usage/usage.consumer.js';

/** The name an operation is counted under: its first root field, `unknown` before it was parsed and validated. */
export function operationLabel(operation: OperationDefinitionNode | undefined | null): { operation: string; type: string } {
  const first = operation?.selectionSet.selections.find((s) => s.kind === 'Field');
  return { operation: first?.kind === 'Field' ? first.name.value : 'unknown', type: operation?.operation ?? 'unknown' };
}

/** `ok`, or the `extensions.code` of the first error (codes are the server's own, a closed set). */
export function outcomeOf(errors: readonly (Error | GraphQLFormattedError)[] | undefined): string {
  if (!errors || errors.length === 0) return 'ok';
  const code = (errors[0] as { extensions?: { code?: unknown } }).extensions?.code;
  return typeof code === 'string' && /^[A-Z_]{1,64}$/.test(code) ? code : 'INTERNAL_SERVER_ERROR';
}

/** The series of one control plane, in its own registry; {@link watch} adds those read from its services at each scrape. */
export class ControlPlaneMetrics {
  readonly registry: Registry = createRegistry('control-plane');
  /** Latency and errors of the commands of its Redis connection (the same series as a data plane's). */
  readonly redis = new RedisCommandMetrics(this.registry);
  private readonly operations = new Counter({
    name: 'meridian_graphql_operations_total',
    help: 'GraphQL operations, by first root field, type (query, mutation, subscription) and outcome (ok or the error code)',
    labelNames: ['operation', 'type', 'outcome'],
    registers: [this.registry],
  });
  private readonly resolvers = new Histogram({
    name: 'meridian_graphql_resolver_duration_seconds',
    help: 'Time to resolve root fields, by field (Query.me, Mutation.login, ...)',
    labelNames: ['field'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly subscriptions = new Gauge({
    name: 'meridian_graphql_subscriptions_open',
    help: 'GraphQL subscriptions open over WebSocket now',
    registers: [this.registry],
  });

  /** Counts operations and times root resolvers of Apollo (queries and mutations over HTTP). */
  apolloPlugin(): ApolloServerPlugin<GraphQLContext> {
    const { operations, resolvers } = this;
    return {
      async requestDidStart() {
        const started = performance.now();
        return {
          async executionDidStart() {
            return {
              willResolveField({ info }) {
                if (info.path.prev !== undefined) return; // root fields only: a field per item would cost more than it tells
                const started = performance.now();
                return () => resolvers.observe({ field: `${info.parentType.name}.${info.fieldName}` }, secondsSince(started));
              },
            };
          },
          async willSendResponse({ operation, errors, response, contextValue }) {
            const single = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
            const labels = { ...operationLabel(operation), outcome: outcomeOf(errors ?? single) };
            operations.inc(labels);
            // The operation's access line (its logger carries the request id).
            contextValue.log?.info('graphql', { ...labels, ms: Math.round(performance.now() - started) });
          },
        };
      },
    };
  }

  /**
   * graphql-ws's `onOperation`: counts each operation over WebSocket and keeps the subscriptions
   * gauge, decremented however the subscription ends (completed, failed, or its socket closed).
   */
  readonly onOperation = async (_ctx: unknown, _id: string, _payload: unknown, args: ExecutionArgs, operationResult: OperationResult): Promise<AsyncGenerator<ExecutionResult> | undefined> => {
    const result = await operationResult;
    const label = operationLabel(getOperationAST(args.document, args.operationName));
    const log = (args.contextValue as GraphQLContext | undefined)?.log;
    if (!isAsyncGenerator<ExecutionResult>(result)) {
      const outcome = outcomeOf((result as ExecutionResult).errors);
      this.operations.inc({ ...label, outcome });
      log?.info('graphql', { ...label, outcome });
      return undefined;
    }
    this.operations.inc({ ...label, outcome: 'ok' });
    log?.info('graphql', { ...label, outcome: 'ok' });
    this.subscriptions.inc();
    return countedUntilEnd(result, () => this.subscriptions.dec());
  };

  /**
   * Adds the series read from `services` when scraped: usage events ledgered and the consumer's
   * backlog, the last reconciliation's drift, data planes by status and each group's health.
   */
  watch(services: Services): void {
    const registers = [this.registry];
    let counted = 0;
    new Counter({
      name: 'meridian_usage_events_ledgered_total',
      help: 'Usage events this control plane wrote to the ledger (usage record and ledger entry)',
      registers,
      collect() {
        const written = services.billing.consumer.eventsWritten;
        this.inc(written - counted);
        counted = written;
      },
    });
    // One read of the backlog serves both of its series in a scrape: a scrape starts every
    // collect at once, so the second finds the first's read still running.
    let backlog: Promise<UsageBacklog> | undefined;
    const readBacklog = () => (backlog ??= services.deps.ports.usage.backlog(USAGE_CONSUMER_GROUP).finally(() => (backlog = undefined)));
    new Gauge({
      name: 'meridian_usage_consumer_lag_entries',
      help: 'Usage-stream entries (each one round trip of a data plane, one or more events) not yet ledgered by the control planes',
      registers,
      async collect() {
        this.set((await readBacklog()).entries);
      },
    });
    new Gauge({
      name: 'meridian_usage_consumer_lag_seconds',
      help: 'Age of the oldest usage-stream entry not yet ledgered (0 when none waits)',
      registers,
      async collect() {
        const { oldestMs } = await readBacklog();
        this.set(oldestMs === null ? 0 : Math.max(0, (Date.now() - oldestMs) / 1000));
      },
    });
    new Gauge({
      name: 'meridian_reconciliation_drifting_accounts',
      help: 'Accounts whose hot balance drifted from the ledger in the last reconciliation run',
      registers,
      async collect() {
        this.set((await services.billing.reconciliation.last())?.drifting.length ?? 0);
      },
    });
    new Gauge({
      name: 'meridian_reconciliation_drift_micro_rmb',
      help: 'Sum of the absolute drifts (micro-RMB) found by the last reconciliation run',
      registers,
      async collect() {
        const run = await services.billing.reconciliation.last();
        const total = (run?.drifting ?? []).reduce((sum, r) => sum + (r.driftMicro === null ? 0n : r.driftMicro < 0n ? -r.driftMicro : r.driftMicro), 0n);
        this.set(Number(total));
      },
    });
    new Gauge({
      name: 'meridian_data_planes',
      help: 'Data-plane processes by status (ok, behind, silent), from their heartbeats',
      labelNames: ['status'],
      registers,
      async collect() {
        const counts: Record<string, number> = { ok: 0, behind: 0, silent: 0 };
        for (const plane of await services.dataPlanes.list()) counts[plane.state] += 1;
        for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
      },
    });
    new Gauge({
      name: 'meridian_group_health_state',
      help: 'Health state of each active group: 1 for its current state, 0 for the others',
      labelNames: ['group', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const group of await services.health.groupNames(true)) {
          const current = services.health.stateOf(group);
          for (const state of GROUP_STATES) this.set({ group, state }, state === current ? 1 : 0);
        }
      },
    });
  }
}

function isAsyncGenerator<T>(value: unknown): value is AsyncGenerator<T> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value && typeof (value as AsyncGenerator).return === 'function';
}

/**
 * `inner` with `onEnd` called once when it ends. Not an `async function*`: graphql-ws closes a
 * subscription with `return()`, which a generator would hold until its pending `next()` resolved
 * (the next event, which may never come); this passes `return()` straight through.
 */
function countedUntilEnd<T>(inner: AsyncGenerator<T>, onEnd: () => void): AsyncGenerator<T> {
  let ended = false;
  const end = () => {
    if (!ended) {
      ended = true;
      onEnd();
    }
  };
  const wrapper = {
    async next(...args: [] | [unknown]) {
      try {
        const r = await inner.next(...args);
        if (r.done) end();
        return r;
      } catch (err) {
        end();
        throw err;
      }
    },
    async return(value?: unknown) {
      end();
      return inner.return(value as never);
    },
    async throw(err?: unknown) {
      end();
      return inner.throw(err);
    },
    [Symbol.asyncIterator]() {
      return wrapper;
    },
  };
  return wrapper as unknown as AsyncGenerator<T>;
}
