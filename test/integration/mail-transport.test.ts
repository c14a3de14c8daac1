import { spawn } from 'node:child_process';
import { readControlPlaneConfig } from '../../control-plane/config.js';

/** The variables a split control plane needs, without any mail setting. */
const SPLIT = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none', REDIS_URL: 'redis://127.0.0.1:6379', SECRET_KEY: 'x'.repeat(32) };
const REFUSAL = 'SMTP_URL: is required in a split deployment, or set MAIL_TO_LOG=1 to write mail (e-mail verification codes included) to the log instead';

test('a split control plane without SMTP_URL refuses to start unless MAIL_TO_LOG=1 chooses the log', async () => {
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'control-plane/main/control-plane.ts'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...SPLIT },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  expect(code).toBe(1);
  expect(out).toContain(`Configuration error: ${REFUSAL}`);
});

test('the same settings are accepted with MAIL_TO_LOG=1 or SMTP_URL; all-in-one keeps the log without either', () => {
  expect(() => readControlPlaneConfig(SPLIT, true)).toThrow(REFUSAL);
  expect(readControlPlaneConfig({ ...SPLIT, MAIL_TO_LOG: '1' }, true).smtpUrl).toBeUndefined();
  expect(readControlPlaneConfig({ ...SPLIT, SMTP_URL: 'smtp://127.0.0.1:2525' }, true).smtpUrl).toBe('smtp://127.0.0.1:2525');
  expect(() => readControlPlaneConfig({ ...SPLIT, MAIL_TO_LOG: 'yes' }, true)).toThrow('MAIL_TO_LOG: must be 0 or 1');
  expect(readControlPlaneConfig({}, false).smtpUrl).toBeUndefined();
});
