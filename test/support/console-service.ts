import { startTestControlPlane, type TestControlPlane } from './control-plane.js';
import { startTestDataPlane, tempDataDir } from './data-plane.js';
import { startTestSmtpServer, type TestSmtpServer } from './smtp.js';
import type { DataPlane } from '../../data-plane/bootstrap.js';
import type { ServiceOverrides } from '../../control-plane/services.js';

/** A whole service for browser tests: control plane (serving the built console), one data plane, a mail server. */
export interface ConsoleService {
  cp: TestControlPlane;
  dp: DataPlane;
  smtp: TestSmtpServer;
  /** The console's origin, e.g. `http://127.0.0.1:40123`; pages are under it. */
  consoleUrl: string;
  /** The data plane's base address (no `/v1`). */
  dataPlaneUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the service as `npm start` would lay it out, on real PostgreSQL and Redis: the data plane
 * redirects console paths to the control plane, which the console names as the node to configure.
 * `env` adds control-plane variables (PAY_*, CONSOLE_ORIGINS, STATUS_HOST ...).
 */
export async function startConsoleService(options: { env?: Record<string, string>; dataPlaneEnv?: Record<string, string>; overrides?: ServiceOverrides } = {}): Promise<ConsoleService> {
  const smtp = await startTestSmtpServer();
  const cp = await startTestControlPlane({ env: { SMTP_URL: smtp.url, ...options.env }, overrides: options.overrides });
  const consoleUrl = new URL(cp.server.url).origin;
  const dataDir = await tempDataDir();
  const dp = await startTestDataPlane({ nodeName: 'domestic', redisPrefix: cp.redisPrefix, dataDir: dataDir.path, env: { CONSOLE_URL: consoleUrl, ...options.dataPlaneEnv } });
  if (cp.services.deps.config.publicNodes.length === 0) cp.services.deps.config.publicNodes.push({ name: 'domestic', baseUrl: dp.url });
  return {
    cp,
    dp,
    smtp,
    consoleUrl,
    dataPlaneUrl: dp.url,
    stop: async () => {
      await dp.close();
      await cp.stop();
      await smtp.close();
      await dataDir.remove();
    },
  };
}

/**
 * The answer of a captcha the service issued, read from the service's own store (the answer is
 * put back, so the page's submission still finds it). Tests never use an HTTP route for this.
 */
export async function captchaAnswer(cp: TestControlPlane, captchaId: string): Promise<string> {
  const store = cp.services.deps.ports.ephemeral;
  const raw = await store.take(`captcha:${captchaId}`);
  if (raw === null) throw new Error(`no captcha ${captchaId} in the store`);
  await store.put(`captcha:${captchaId}`, raw, 60_000);
  return (JSON.parse(raw) as { answer: string }).answer;
}

/** The six-digit code in the newest mail to `email`. */
export function mailedCodeTo(smtp: TestSmtpServer, email: string): string {
  const mail = smtp.lastTo(email);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
