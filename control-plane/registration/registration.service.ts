import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { RateLimits } from '../../shared/limits/rate-limits.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SecretBox } from '../../shared/crypto/secrets.js';
import { createLogger } from '../../shared/log.js';
import { Account } from '../accounts/account.entity.js';
import { TRIAL_CREDIT_MICRO } from '../accounts/account.rules.js';
import type { AccountService } from '../accounts/account.service.js';
import type { AccountView } from '../accounts/account.types.js';
import { newAccount } from '../accounts/new-account.js';
import { hashPassword } from '../auth/password.js';
import { badInput } from '../graphql/errors.js';
import { LedgerKind } from '../ledger/ledger-entry.entity.js';
import type { Credit, LedgerService } from '../ledger/ledger.service.js';
import { issueToken } from '../tokens/issue-token.js';
import type { Token } from '../tokens/token.entity.js';
import { CaptchaPurpose, type CaptchaService, type IssuedCaptcha } from './captcha.service.js';
import type { EmailCodeService } from './email-code.service.js';
import type { RateLimiter } from './rate-limiter.js';
import { RATE_RULES } from './rate-limiter.js';
import type { RegisterInput, RequestEmailCodeInput } from './registration.input.js';

const log = createLogger('registration');

/** Name of the token every new account starts with. */
const INITIAL_TOKEN_NAME = 'default';

/** What registration is built from. */
export interface RegistrationDeps {
  captchas: CaptchaService;
  codes: EmailCodeService;
  limiter: RateLimiter;
  ledger: LedgerService;
  accounts: AccountService;
  secrets: SecretBox;
  /** Credited to the inviter per invited registration, in micro-RMB; 0 disables rewards. */
  inviteRewardMicro: bigint;
  /** The rate limits a new account starts with (DEFAULT_ACCOUNT_*). */
  defaultAccountLimits: RateLimits;
  /** Publishes a committed token's record to the data planes. */
  publishToken(token: Token): Promise<void>;
  /** The hot balances (Redis) the data planes spend from, brought in step after commit. */
  hotBalances: {
    ensureLoaded(accountId: string): Promise<unknown>;
    applyCredit(accountId: string, amountMicro: bigint, idempotencyKey: string): Promise<void>;
  };
}

/**
 * The registration flow: captcha -> e-mail code -> captcha + form. On success one
 * transaction writes the account, its trial credit and its initial token (and the inviter's
 * reward, when rewards are on); a failure writes nothing and leaves the e-mail code usable.
 */
export class RegistrationService {
  constructor(private readonly deps: RegistrationDeps) {}

  /** A new captcha for `purpose`, rate-limited per client address. */
  async captcha(ip: string, purpose: CaptchaPurpose): Promise<IssuedCaptcha> {
    await this.deps.limiter.consume(RATE_RULES.captchaPerIp, ip);
    return this.deps.captchas.create(purpose);
  }

  /** Mails a verification code to an address not yet registered; needs a solved EMAIL_CODE captcha. */
  async requestEmailCode(em: EntityManager, ip: string, input: RequestEmailCodeInput): Promise<{ email: string; expiresAt: Date }> {
    const { limiter } = this.deps;
    await limiter.consume(RATE_RULES.emailCodePerIp, ip);
    await this.deps.captchas.verify(CaptchaPurpose.EMAIL_CODE, input.captchaId, input.captchaAnswer, 'captchaAnswer');
    await this.checkEmailFree(em, input.email);
    const email = input.email.toLowerCase();
    await limiter.consume(RATE_RULES.emailCodePerEmail, email);
    await limiter.consume(RATE_RULES.emailCodePerEmailDay, email);
    return { email: input.email, expiresAt: await this.deps.codes.send(input.email) };
  }

  /** Registers an account (see the class comment); needs a solved REGISTER captcha and the mailed code. */
  async register(em: EntityManager, ip: string, input: RegisterInput): Promise<AccountView> {
    const { ledger } = this.deps;
    if (input.password !== input.passwordConfirmation) throw badInput('passwordConfirmation', 'does not match password');
    await this.deps.limiter.consume(RATE_RULES.registerPerIp, ip);
    await this.deps.captchas.verify(CaptchaPurpose.REGISTER, input.captchaId, input.captchaAnswer, 'captchaAnswer');
    await this.checkUsernameFree(em, input.username);
    await this.checkEmailFree(em, input.email);
    const inviter = input.inviteCode ? await em.findOne(Account, { inviteCode: input.inviteCode }) : null;
    if (input.inviteCode && !inviter) throw badInput('inviteCode', 'no account has this invite code');
    const passwordHash = await hashPassword(input.password);
    const code = await this.deps.codes.claim(input.email, input.emailCode, 'emailCode');

    let created: { account: Account; token: Token; reward?: Credit };
    try {
      created = await em.transactional(async (tx) => {
        const invitedBy = inviter ? tx.getReference(Account, inviter.id) : undefined;
        const account = newAccount(tx, { username: input.username, email: input.email, passwordHash, invitedBy, limits: this.deps.defaultAccountLimits });
        await tx.flush();
        await ledger.credit(tx, {
          accountId: account.id,
          kind: LedgerKind.TrialCredit,
          amountMicro: TRIAL_CREDIT_MICRO,
          idempotencyKey: `trial:${account.id}`,
          memo: 'Trial credit',
        });
        let reward: Credit | undefined;
        if (inviter && this.deps.inviteRewardMicro > 0n) {
          reward = {
            accountId: inviter.id,
            kind: LedgerKind.InviteReward,
            amountMicro: this.deps.inviteRewardMicro,
            idempotencyKey: `invite:${account.id}`,
            memo: `Invited ${account.username}`,
          };
          await ledger.credit(tx, reward);
        }
        const { token } = issueToken(tx, this.deps.secrets, account, { name: INITIAL_TOKEN_NAME, groups: [] });
        return { account, token, reward };
      });
    } catch (error) {
      await code.restore();
      if (error instanceof UniqueConstraintViolationException) {
        // Lost a race with a concurrent registration: name the field that was taken.
        await this.checkUsernameFree(em, input.username);
        await this.checkEmailFree(em, input.email);
      }
      throw error;
    }

    await this.afterCommit(created.account.id, created.token, created.reward);
    return this.deps.accounts.view(em.fork(), created.account.id);
  }

  /**
   * Tells the data planes: the initial token's record, the new account's hot balance (loaded from
   * the ledger, trial credit included) and the inviter's reward. The account exists by now, so a
   * failure here is logged, never reported as a failed registration; start-up republishing, load
   * requests and reconciliation repair what was missed.
   */
  private async afterCommit(accountId: string, token: Token, reward: Credit | undefined): Promise<void> {
    const { publishToken, hotBalances } = this.deps;
    const steps: [string, () => Promise<unknown>][] = [
      ['publish the initial token record', () => publishToken(token)],
      ['load the new hot balance', () => hotBalances.ensureLoaded(accountId)],
    ];
    if (reward) steps.push(['apply the invite reward', () => hotBalances.applyCredit(reward.accountId, reward.amountMicro, reward.idempotencyKey)]);
    for (const [what, step] of steps) {
      await step().catch((error: unknown) => log.error(`registration: could not ${what}`, { accountId, error: String(error) }));
    }
  }

  private async checkUsernameFree(em: EntityManager, username: string): Promise<void> {
    if (await em.count(Account, { usernameLower: username.toLowerCase() })) throw badInput('username', 'is already taken');
  }

  private async checkEmailFree(em: EntityManager, email: string): Promise<void> {
    if (await em.count(Account, { emailLower: email.toLowerCase() })) throw badInput('email', 'is already registered');
  }
}
