/** Split deployment: one data plane (NODE_NAME) against REDIS_URL and SECRET_KEY; never PostgreSQL. */
import { runMain } from '../shared/process/run-main.js';
import { tuneHeapForServing } from '../shared/process/serving-heap.js';
import { readDataPlaneConfig } from './config.js';
import { startDataPlane } from './bootstrap.js';

tuneHeapForServing();
await runMain(async () => {
  const config = readDataPlaneConfig(process.env, true);
  const dp = await startDataPlane(config, { secretKey: config.secretKey! });
  console.log(`Meridian data plane "${dp.nodeName}"\n  Model endpoints: ${dp.url}`);
  return dp;
});
