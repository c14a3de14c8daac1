/**
 * The image routes over the shared parts of the media endpoints (data-plane/media/media-base.ts):
 * token cache, admission, breakers, pools, health, rate limits, unit billing. Mounted in front of
 * the relay pipeline (data-plane/bootstrap.ts).
 */
import type Koa from 'koa';
import type { DataPlaneDeps } from '../deps.js';
import { createMediaBase } from '../media/media-base.js';
import { ImageRelay } from './relay.js';
import { imageRoutes } from './routes.js';

/** The image routes and what they must release at shutdown. */
export interface ImageRoutes {
  middleware: Koa.Middleware;
  /** Settlements still being sent (tests wait for them). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the image routes over the data plane's ports and configuration. */
export function createImageRoutes(deps: DataPlaneDeps, options: { now?: () => number; random?: () => number } = {}): ImageRoutes {
  const now = options.now ?? Date.now;
  const base = createMediaBase(deps, 'images', now);
  const relay = new ImageRelay({
    transport: base.transport,
    breakers: base.breakers,
    billing: base.billing,
    maxResultBytes: deps.config.imageMaxResultBytes,
    random: options.random,
    now,
    onAttempt: base.onAttempt,
    onKeyRejected: base.onKeyRejected,
  });
  const middleware = imageRoutes({
    keyed: base.keyed,
    relay,
    maxBodyBytes: deps.config.maxBodyBytes,
    maxUploadBytes: deps.config.imageMaxUploadBytes,
    usable: base.usable,
    limits: base.limits,
  });
  return {
    middleware,
    idle: () => relay.idle(),
    close: async () => {
      // The last settlements first: the base's close waits for unit billing's usage events.
      await relay.idle();
      await base.close();
    },
  };
}
