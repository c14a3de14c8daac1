import http from 'node:http';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { SHUTDOWN_GRACE_MS, gracefulClose } from '../shared/http/graceful-close.js';
import { logResponseErrors } from '../shared/http/client-gone.js';
import { answerClientErrors } from '../shared/http/client-error.js';
import { createLogger, type Logger } from '../shared/log.js';
import type { WireFormat } from '../shared/formats.js';
import { GatewayError, errorBody, formatOfPath } from '../shared/wire/errors.js';
import { isConsolePath } from '../shared/console-paths.js';
import { endpointRouter, endpointsOf } from './pipeline/endpoint-router.js';
import { consoleCors } from './console-cors.js';
import { GraceEnd } from './http/grace-end.js';
import { healthEndpoints } from '../shared/http/health-endpoints.js';
import { listen } from '../shared/http/listen.js';

const log = createLogger('data-plane');

/** What the HTTP layer needs from the rest of the data plane. */
export interface DataPlaneRoutes {
  /** What the node lacks to serve (empty: ready): a configuration, Redis, the token subscription. */
  missing(): string[];
  /** Details for /readyz and /healthz. */
  status(): Record<string, unknown>;
  /** The model routes (the relay pipeline), mounted after health checks. */
  middleware?: Koa.Middleware;
  /**
   * Where the console is served: browsers asking this node for a console page are sent there,
   * and the console's own pages may call the model routes (CORS for its origin).
   */
  consoleUrl?: string;
  /** Outermost middleware: sees every request and its final status (request metrics, access lines). */
  observe?: Koa.Middleware;
  /** Serves GET /metrics (beside /healthz and /readyz, before the model routes). */
  metrics?: Koa.Middleware;
}

/** A running data-plane HTTP server. */
export interface DataPlaneServer {
  url: string;
  server: http.Server;
  /** Stops accepting connections and drains (see {@link startDataPlaneServer}). */
  close(): Promise<void>;
}

/** Per-request state shared by the pipeline stages. */
export interface RequestState {
  requestId: string;
  /** The wire format of the matched model route: errors are answered in it (else the path decides). */
  format?: WireFormat;
  /** Raised when the shutdown grace ends: the relay then cuts this request's upstream call and ends its answer in-format. */
  graceEnd?: GraceEnd;
  /** The request's logger: every line carries its request id. */
  log?: Logger;
  /** Called once when the first byte of a relayed answer goes out (`stream`: an event stream opens). */
  onFirstByte?: (stream: boolean) => void;
}

/**
 * Serves /healthz (the process is up), /readyz (it can serve: see {@link DataPlaneRoutes.missing}) and the model routes.
 * Every error, including unknown paths, is answered in the format the path belongs to, with the
 * request id in the message and the `x-request-id` header. `close()` refuses new connections,
 * closes idle ones, gives in-flight requests `shutdownGraceMs` to finish, then ends those still
 * open in their format (./http/grace-end.ts).
 */
export async function startDataPlaneServer(
  routes: DataPlaneRoutes,
  port: number,
  host: string,
  shutdownGraceMs = SHUTDOWN_GRACE_MS,
  /** The process' id, which every request id starts with (see DataPlaneDeps.instance). */
  instance = randomBytes(6).toString('hex'),
): Promise<DataPlaneServer> {
  const newRequestId = () => `req_${instance}${randomBytes(10).toString('hex')}`;
  const app = new Koa<RequestState>();
  const server = http.createServer({ keepAliveTimeout: 65_000 });
  const graceEnd = new GraceEnd();

  // Headers over Node's limit never reach Koa: answered here, in the format the path belongs to.
  answerClientErrors(server, ({ status, message, path }) => {
    const requestId = newRequestId();
    const error = new GatewayError(status === 431 ? 'too_large' : status === 408 ? 'timeout' : 'invalid_request', message, status);
    log.info('request refused', { requestId, path, status, message });
    return { headers: { 'x-request-id': requestId }, json: errorBody(formatOfPath(path ?? '/'), error, requestId) };
  });

  if (routes.observe) app.use(routes.observe);
  app.use(async (ctx, next) => {
    ctx.state.requestId = newRequestId();
    const requestLog = (ctx.state.log = log.child({ requestId: ctx.state.requestId }));
    ctx.state.graceEnd = graceEnd;
    ctx.set('x-request-id', ctx.state.requestId);
    try {
      await next();
    } catch (err) {
      const error = err instanceof GatewayError ? err : new GatewayError('internal', 'Internal error');
      if (!(err instanceof GatewayError)) requestLog.error('unhandled error', { message: (err as Error)?.message });
      else requestLog.info('request refused', { method: ctx.method, path: ctx.path, status: error.status, message: error.message });
      if (ctx.headerSent) return; // a stream already started: the pipeline ends it in-format
      ctx.status = error.status;
      if (error.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(error.retryAfterSeconds));
      ctx.body = errorBody(ctx.state.format ?? formatOfPath(ctx.path), error, ctx.state.requestId);
    }
  });

  // Before everything that may refuse: the console's page must be able to read refusals too.
  if (routes.consoleUrl) app.use(consoleCors(routes.consoleUrl));

  // The node's own endpoints: health, readiness, metrics, the service root.
  const service = endpointRouter();
  service.get(['/healthz', '/readyz'], healthEndpoints({ missing: () => routes.missing(), status: () => routes.status() }));
  if (routes.metrics) service.get('/metrics', routes.metrics);
  service.get('/', serviceRoot(routes.consoleUrl));
  app.use(endpointsOf(service));
  if (routes.consoleUrl) app.use(consoleRedirect(routes.consoleUrl));
  if (routes.middleware) app.use(routes.middleware);

  app.use(async (ctx) => {
    throw new GatewayError('not_found', `No route for ${ctx.method} ${ctx.path}`);
  });

  logResponseErrors(app, log);

  // Koa composes only the middleware added before callback(): register everything first.
  server.on('request', app.callback());
  // A burst of new connections (many clients at once, a busy event loop) must wait in the accept
  // queue, not be reset: Node's default backlog of 511 is too short for that.
  await listen(server, { port, host, backlog: 4096 });
  const addr = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return { url: `http://${shownHost}:${addr.port}`, server, close: () => gracefulClose(server, { graceMs: shutdownGraceMs, onGraceEnd: () => graceEnd.end() }) };
}

/**
 * `GET /` and `HEAD /`: API clients probe the base address before their first call (Claude Code
 * sends `HEAD /`) and get 200; a browser (it asks for HTML) is sent on to the console when there is one.
 */
function serviceRoot(consoleUrl: string | undefined): Koa.Middleware {
  return async (ctx, next) => {
    if (consoleUrl && ctx.get('accept').includes('text/html')) return next();
    ctx.body = { status: 'ok', service: 'meridian data plane' };
  };
}

/**
 * The service names its pages at the node addresses (`{base_url}/register`,
 * `{overseas_base_url}/groupAvailability`): a GET of a console page is redirected to the console,
 * path and query kept. The model routes never match these paths.
 */
function consoleRedirect(consoleUrl: string): Koa.Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isConsolePath(ctx.path)) return next();
    ctx.status = 302;
    ctx.redirect(`${consoleUrl}${ctx.path}${ctx.search}`);
  };
}
