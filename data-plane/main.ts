/** Split deployment: one data plane (NODE_NAME) against REDIS_URL and SECRET_KEY; never PostgreSQL. */
import { createLogger } from '../shared/log.js';
import { runMain } from '../shared/process/run-main.js';
import { tuneHeapForServing } from '../shared/process/serving-heap.js';
import { readDataPlaneConfig } from './config.js';
import { startDataPlane } from './bootstrap.js';

tuneHeapForServing();
await runMain(async () => {
  const config = readDataPlaneConfig(process.env, true);
  const dp = await startDataPlane(config, { secretKey: config.secretKey! });
  // A log line like every other (JSON to a pipe, readable on a terminal).
  createLogger('data-plane').info('Meridian data plane started', { node: dp.nodeName, modelEndpoints: dp.url });
  return dp;
});
