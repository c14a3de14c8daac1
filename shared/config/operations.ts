import type { EnvReader } from './env.js';
import { LOG_LEVELS, isLogLevel } from '../log.js';

/** Settings every process reads for its operators (README "Metrics and logs"). */
export interface OperationsSettings {
  /** METRICS_TOKEN: when set, GET /metrics answers only `Authorization: Bearer <token>`. */
  metricsToken?: string;
}

/** Reads METRICS_TOKEN and checks LOG_LEVEL (which the logger reads itself). */
export function readOperationsSettings(r: EnvReader): OperationsSettings {
  const level = r.string('LOG_LEVEL');
  if (level !== undefined && !isLogLevel(level)) r.problem('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return { metricsToken: r.matching('METRICS_TOKEN', /^[\x21-\x7e]{16,}$/, 'at least 16 visible ASCII characters, without spaces') };
}
