/**
 * The video routes over the shared parts of the media endpoints (data-plane/media/media-base.ts):
 * token cache, admission, the node's routing state, pools, health, rate limits, unit billing.
 * Built at the first request for one of them, behind the relay pipeline (data-plane/bootstrap.ts).
 */
import type Koa from 'koa';
import type { DataPlaneDeps } from '../deps.js';
import { createMediaBase } from '../media/media-base.js';
import type { Router } from '../routing/router.js';
import { VideoJobs } from './jobs.js';
import { videoRoutes } from './routes.js';

/** How long a video job's record is kept after its account's last write (listing, settlement). */
export const VIDEO_JOB_TTL_MS = 24 * 60 * 60 * 1000;

/** The video routes and what they must release at shutdown. */
export interface VideoRoutes {
  middleware: Koa.Middleware;
  close(): Promise<void>;
}

/** Builds the video routes over the data plane's ports and configuration (`router`: the relay pipeline's routing state). */
export function createVideoRoutes(deps: DataPlaneDeps, options: { now?: () => number; router?: Router } = {}): VideoRoutes {
  const now = options.now ?? Date.now;
  const base = createMediaBase(deps, 'videos', now, options.router);
  const jobs = new VideoJobs({
    secrets: deps.secrets,
    store: deps.ports.videoJobs,
    billing: base.billing,
    transport: base.transport,
    router: base.router,
    now,
    jobTtlMs: VIDEO_JOB_TTL_MS,
    onAttempt: base.onAttempt,
    onSkip: base.onSkip,
    onKeyRejected: base.onKeyRejected,
  });
  const middleware = videoRoutes({
    keyed: base.keyed,
    jobs,
    maxBodyBytes: deps.config.maxBodyBytes,
    maxUploadBytes: deps.config.imageMaxUploadBytes,
    uploadDir: deps.config.uploadDir,
    usable: base.usable,
    limits: base.limits,
  });
  return { middleware, close: () => base.close() };
}
