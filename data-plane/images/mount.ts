/**
 * The image routes over the shared parts of the media endpoints (data-plane/media/media-base.ts):
 * token cache, admission, the node's routing state, pools, health, rate limits, unit billing.
 * Built at the first request for one of them, behind the relay pipeline (data-plane/bootstrap.ts).
 */
import type Koa from 'koa';
import type { DataPlaneDeps } from '../deps.js';
import { createMediaBase } from '../media/media-base.js';
import type { Router } from '../routing/router.js';
import { ImageRelay } from './relay.js';
import { imageRoutes } from './routes.js';

/** The image routes and what they must release at shutdown. */
export interface ImageRoutes {
  middleware: Koa.Middleware;
  /** Settlements still being sent (tests wait for them). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the image routes over the data plane's ports and configuration (`router`: the relay pipeline's routing state). */
export function createImageRoutes(deps: DataPlaneDeps, options: { now?: () => number; random?: () => number; router?: Router } = {}): ImageRoutes {
  const now = options.now ?? Date.now;
  const base = createMediaBase(deps, 'images', now, options.router);
  const relay = new ImageRelay({
    transport: base.transport,
    router: base.router,
    billing: base.billing,
    maxResultBytes: deps.config.imageMaxResultBytes,
    random: options.random,
    now,
    onAttempt: base.onAttempt,
    onSkip: base.onSkip,
    onKeyRejected: base.onKeyRejected,
  });
  const middleware = imageRoutes({
    keyed: base.keyed,
    relay,
    maxBodyBytes: deps.config.maxBodyBytes,
    maxUploadBytes: deps.config.imageMaxUploadBytes,
    uploadDir: deps.config.uploadDir,
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
