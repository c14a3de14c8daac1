/** Split deployment: the control plane alone, against DATABASE_URL, REDIS_URL and SECRET_KEY. */
import 'reflect-metadata';
import { createLogger } from '../../shared/log.js';
import { runMain } from '../../shared/process/run-main.js';
import { readControlPlaneConfig } from '../config.js';
import { startControlPlane } from '../bootstrap.js';

await runMain(async () => {
  const config = readControlPlaneConfig(process.env, true);
  const cp = await startControlPlane(config, { databaseUrl: config.databaseUrl!, secretKey: config.secretKey! });
  // A log line like every other (JSON to a pipe, readable on a terminal).
  createLogger('control-plane').info('Meridian control plane started', { graphql: cp.server.url, subscriptions: cp.server.wsUrl });
  return cp;
});
