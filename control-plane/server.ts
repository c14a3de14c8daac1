import http from 'node:http';
import { randomBytes } from 'node:crypto';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { koaMiddleware } from '@as-integrations/koa';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { getOperationAST, GraphQLError, parse, type GraphQLFormattedError } from 'graphql';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../shared/log.js';
import { isRedisUnavailable } from '../shared/ports/redis/connections.js';
import { logResponseErrors } from '../shared/http/client-gone.js';
import { answerClientErrors } from '../shared/http/client-error.js';
import type { Services } from './services.js';
import type { HttpSide, Viewer } from './auth/viewer.js';
import type { GraphQLContext } from './graphql/context.js';
import { createSchema } from './graphql/schema.js';
import { checkOperation } from './graphql/limits.js';
import { payNotifyRoute } from './topup/pay-notify.route.js';
import { consoleStatic } from './web/console-static.js';
import { consoleCors } from './web/cors.js';
import { controlPlaneReadiness } from './web/readiness.js';
import { healthEndpoints } from '../shared/http/health-endpoints.js';
import { metricsEndpoint } from '../shared/metrics/registry.js';
import type { ControlPlaneMetrics } from './metrics/control-plane-metrics.js';
import { listen } from '../shared/http/listen.js';

const log = createLogger('control-plane');

/** Name of the httpOnly cookie holding a browser's console session. */
export const SESSION_COOKIE = 'meridian_session';

/** A running control-plane HTTP server. */
export interface ControlPlaneServer {
  /** http://host:port/graphql */
  url: string;
  /** ws://host:port/graphql */
  wsUrl: string;
  close(): Promise<void>;
}

/** A request id for the logs (HTTP requests send it back as `x-request-id`). */
function newRequestId(): string {
  return `req_${randomBytes(10).toString('hex')}`;
}

/** The session secret from a bearer header (console frontends) or the cookie (browsers). */
function sessionSecret(authorization: string | undefined, cookie: string | undefined): string | undefined {
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? cookie;
}

/** The session secret of a WebSocket connection: `authorization` in its connection parameters, or the cookie of its upgrade request. */
function wsSessionSecret(ctx: { connectionParams?: Record<string, unknown>; extra: { request: http.IncomingMessage } }): string | undefined {
  const auth = ctx.connectionParams?.authorization;
  return sessionSecret(typeof auth === 'string' ? auth : undefined, cookieFromHeader(ctx.extra.request.headers.cookie));
}

function cookieFromHeader(header: string | undefined): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [k, ...v] = part.trim().split('=');
    if (k === SESSION_COOKIE) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * Never leak internals: errors we raised on purpose (with a code) pass through without their
 * stack; anything else becomes a generic INTERNAL_SERVER_ERROR and is logged here.
 */
function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  // Argument validation (class-validator) is the caller's mistake, not ours. type-graphql attaches
  // the whole validated input (passwords included) to its error: only the field and message go out.
  const validation = (original as { extensions?: { validationErrors?: { property: string; constraints?: Record<string, string> }[] } })
    ?.extensions?.validationErrors;
  if (validation?.length) {
    const first = validation[0];
    const field = first.property;
    return {
      message: `${field}: ${Object.values(first.constraints ?? {})[0] ?? 'invalid value'}`,
      path: formatted.path,
      extensions: { code: 'BAD_USER_INPUT', field },
    };
  }
  if ((code === 'INTERNAL_SERVER_ERROR' || code === undefined) && isRedisUnavailable(original)) {
    // Bounded by REDIS_TIMEOUT_MS: said plainly rather than as an internal error.
    log.warn('GraphQL operation failed: Redis unreachable', { message: (original as Error).message });
    return { message: 'The service cannot reach Redis right now; please retry shortly', path: formatted.path, extensions: { code: 'SERVICE_UNAVAILABLE' } };
  }
  if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
    log.error('unexpected GraphQL error', { message: (original as Error)?.message, stack: (original as Error)?.stack });
    return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
  const { stacktrace: _stack, ...extensions } = formatted.extensions ?? {};
  return { ...formatted, extensions };
}

/** Starts Apollo on Koa with graphql-ws on the same `/graphql` path, and GET /metrics when `metrics` is given. */
export async function startControlPlaneServer(services: Services, port: number, host: string, metrics?: ControlPlaneMetrics): Promise<ControlPlaneServer> {
  const { orm, events } = services.deps;
  const limits = services.deps.config.queryLimits;
  const schema = await createSchema(events.pubSub);
  const httpServer = http.createServer();
  // Headers over Node's limit (and other unparsable requests) never reach Koa: a GraphQL-shaped
  // JSON error instead of Node's empty reply.
  answerClientErrors(httpServer, ({ status, message }) => ({
    json: { errors: [{ message, extensions: { code: status === 431 ? 'REQUEST_HEADER_FIELDS_TOO_LARGE' : status === 408 ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST' } }] },
  }));

  const resolveViewer = async (secret: string | undefined): Promise<Viewer | null> =>
    secret ? services.sessions.resolve(orm.em.fork(), secret) : null;

  const wss = new WebSocketServer({ server: httpServer, path: '/graphql' });
  const wsCleanup = useServer<Record<string, unknown>>(
    {
      schema,
      // The same limits as over HTTP, before graphql-ws validates or runs anything.
      onSubscribe: async (ctx, _id, payload) => {
        let document;
        try {
          document = parse(payload.query);
        } catch {
          return undefined; // graphql-ws reports the syntax error itself
        }
        const operation = getOperationAST(document, payload.operationName);
        if (!operation) return undefined; // likewise an unknown or ambiguous operation name
        const viewer = await resolveViewer(wsSessionSecret(ctx));
        const refused = checkOperation(schema, document, operation, payload.variables ?? {}, viewer !== null, limits);
        return refused ? [refused] : undefined;
      },
      context: async (ctx): Promise<GraphQLContext> => {
        const secret = wsSessionSecret(ctx);
        const noCookies: HttpSide = {
          ip: ctx.extra.request.socket.remoteAddress ?? '',
          setSessionCookie: () => undefined,
          clearSessionCookie: () => undefined,
        };
        return { em: orm.em.fork(), viewer: await resolveViewer(secret), services, http: noCookies, log: log.child({ requestId: newRequestId() }) };
      },
      onOperation: metrics?.onOperation,
    },
    wss,
  );

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError,
    includeStacktraceInErrorResponses: false,
    // Whether introspection is answered is GRAPHQL_INTROSPECTION's, checked with the other limits (INTROSPECTION_DISABLED).
    introspection: true,
    // Shutdown is ours (runMain drains both planes, then the database); Apollo's own signal handler would race it.
    stopOnTerminationSignals: false,
    plugins: [
      // Queries in flight get the grace; subscriptions are closed at once with 1001 "Going away" (drainServer below).
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: services.deps.config.shutdownGraceMs }),
      // The landing page loads Apollo Sandbox from the internet; browsers get the console instead.
      ApolloServerPluginLandingPageDisabled(),
      {
        async requestDidStart() {
          return {
            async didResolveOperation({ document, operation, request, contextValue }) {
              if (!operation) return; // Apollo refuses an unknown operation name itself
              const refused = checkOperation(schema, document, operation, request.variables ?? {}, contextValue.viewer !== null, limits);
              if (refused) throw refused;
            },
          };
        },
      },
      {
        async serverWillStart() {
          return { drainServer: async () => wsCleanup.dispose() };
        },
      },
      ...(metrics ? [metrics.apolloPlugin()] : []),
    ],
  });
  await apollo.start();

  const app = new Koa();
  app.proxy = services.deps.config.trustProxy;
  app.use(consoleCors(services.deps.config.consoleOrigins));
  // Before the console, whose pages would answer any other path.
  app.use(healthEndpoints(controlPlaneReadiness(orm, services.deps.ports)));
  if (metrics) app.use(metricsEndpoint(metrics.registry, services.deps.config.metricsToken));
  app.use(payNotifyRoute(orm, services.billing.topUps));
  // Everything but /graphql (and the payment callback above) is the console's.
  app.use(consoleStatic());
  app.use(bodyParser({ jsonLimit: '1mb', enableTypes: ['json'] }));
  app.use(
    koaMiddleware(apollo, {
      context: async ({ ctx }): Promise<GraphQLContext> => {
        const http: HttpSide = {
          ip: ctx.ip,
          setSessionCookie: (secret, expires) =>
            ctx.cookies.set(SESSION_COOKIE, secret, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, expires, overwrite: true }),
          clearSessionCookie: () => ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax', secure: ctx.secure }),
        };
        const viewer = await resolveViewer(sessionSecret(ctx.get('authorization') || undefined, ctx.cookies.get(SESSION_COOKIE)));
        const requestId = newRequestId();
        ctx.set('x-request-id', requestId);
        return { em: orm.em.fork(), viewer, services, http, log: log.child({ requestId }) };
      },
    }),
  );
  logResponseErrors(app, log);
  // Koa composes only the middleware added before callback(): register everything first.
  httpServer.on('request', app.callback());

  await listen(httpServer, { port, host });
  const addr = httpServer.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shownHost}:${addr.port}/graphql`,
    wsUrl: `ws://${shownHost}:${addr.port}/graphql`,
    close: async () => {
      await apollo.stop();
      wss.close();
    },
  };
}
