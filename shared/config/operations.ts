import type { z } from 'zod';
import { zod } from '../zod.js';
import { envVar, problem } from './env.js';
import { LOG_LEVELS, isLogLevel } from '../log.js';

/** Settings every process reads for its operators (README "Metrics and logs"); LOG_LEVEL is checked here and read by the logger itself. */
export const operationsEnv = zod
  .object({
    METRICS_TOKEN: envVar.matching(/^[\x21-\x7e]{16,}$/, 'at least 16 visible ASCII characters, without spaces'),
    LOG_LEVEL: envVar.string(),
  })
  .superRefine((v, ctx) => {
    if (v.LOG_LEVEL !== undefined && !isLogLevel(v.LOG_LEVEL)) problem(ctx, 'LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${v.LOG_LEVEL}"`);
  })
  .transform((v) => ({
    /** METRICS_TOKEN: when set, GET /metrics answers only `Authorization: Bearer <token>`. */
    metricsToken: v.METRICS_TOKEN,
  }));

/** The operators' settings every process has. */
export type OperationsSettings = z.output<typeof operationsEnv>;
