import { LedgerEntry } from '../../control-plane/ledger/ledger-entry.entity.js';
import { registerAccount, TEST_CAPTCHA_ANSWER } from '../support/accounts.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp.js';

let cp: TestControlPlane;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  cp = await startTestControlPlane({ env: { SMTP_URL: smtp.url, INVITE_REWARD_RMB: '0.5' }, overrides: { captchaAnswer: () => TEST_CAPTCHA_ANSWER } });
});

afterAll(async () => {
  await cp?.stop();
  await smtp?.close();
});

test('with INVITE_REWARD_RMB set, each invited registration credits the inviter once, in the ledger', async () => {
  const url = cp.server.url;
  const inviter = await registerAccount(url, smtp, { username: 'host', email: 'host@example.com' });
  const guest = await registerAccount(url, smtp, { username: 'guest', email: 'guest@example.com', inviteCode: inviter.inviteCode });

  const entries = await cp.services.deps.orm.em.fork().find(LedgerEntry, { account: inviter.id }, { orderBy: { id: 'asc' } });
  expect(entries.map((e) => [e.kind, e.amountMicro, e.idempotencyKey])).toEqual([
    ['trial_credit', '200000', `trial:${inviter.id}`],
    ['invite_reward', '500000', `invite:${guest.id}`],
  ]);
  expect(await cp.services.ledger.balanceMicro(inviter.id)).toBe(700_000n);
  expect(await cp.services.ledger.balanceMicro(guest.id)).toBe(200_000n);
  // The reward reaches the hot balance the data planes spend from, once.
  expect((await cp.services.deps.ports.balances.inspect(inviter.id)).balanceMicro).toBe(700_000n);
});
