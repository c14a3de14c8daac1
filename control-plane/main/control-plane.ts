/** Split deployment: the control plane alone, against DATABASE_URL, REDIS_URL and SECRET_KEY. */
import 'reflect-metadata';
import { runMain } from '../../shared/process/run-main.js';
import { readControlPlaneConfig } from '../config.js';
import { startControlPlane } from '../bootstrap.js';

await runMain(async () => {
  const config = readControlPlaneConfig(process.env, true);
  const cp = await startControlPlane(config, { databaseUrl: config.databaseUrl!, secretKey: config.secretKey! });
  console.log(`Meridian control plane\n  GraphQL API:   ${cp.server.url}\n  Subscriptions: ${cp.server.wsUrl}`);
  return cp;
});
