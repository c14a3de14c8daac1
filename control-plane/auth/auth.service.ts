import type { EntityManager } from '@mikro-orm/postgresql';
import { toView } from '../accounts/account.service.js';
import { findByLogin } from '../accounts/new-account.js';
import type { HttpSide, Viewer } from './viewer.js';
import { captchaRequired, forbidden, unauthenticated } from '../graphql/errors.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { CaptchaPurpose, type CaptchaService } from '../registration/captcha.service.js';
import { RATE_RULES, type RateLimiter } from '../registration/rate-limiter.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SessionService } from './session.service.js';
import type { AuthPayload } from './auth.types.js';

/** What `login` is given: the credentials, and a solved LOGIN captcha when the account needs one. */
export interface LoginAttempt {
  login: string;
  password: string;
  captchaId?: string | null;
  captchaAnswer?: string | null;
}

/** Logging in and out of the console. */
export class AuthService {
  // Checked against when the login names no account, so both paths cost one scrypt.
  private readonly decoyHash = hashPassword('decoy password, matches nothing');

  constructor(private readonly deps: { sessions: SessionService; ledger: LedgerService; limiter: RateLimiter; captchas: CaptchaService }) {}

  /**
   * Logs in with a username or e-mail address and password. Attempts are limited per client
   * address and per (account, address), never per account alone, so guesses from one address do
   * not lock the owner out. After several failed logins for an account from any address, logging
   * in to it needs a solved LOGIN captcha (CAPTCHA_REQUIRED until one is sent), which the owner
   * can always solve. A login naming no account is treated alike, so accounts cannot be probed.
   * Starts a session, sets it as the httpOnly cookie and returns its secret (bearer).
   */
  async login(em: EntityManager, http: HttpSide, attempt: LoginAttempt): Promise<AuthPayload> {
    const { limiter, captchas } = this.deps;
    await limiter.consume(RATE_RULES.loginPerIp, http.ip);
    const account = await findByLogin(em, attempt.login);
    const subject = account ? `account:${account.id}` : `login:${attempt.login.trim().toLowerCase()}`;
    await limiter.consume(RATE_RULES.loginPerAccountIp, `${subject}\n${http.ip}`);
    if (await limiter.reached(RATE_RULES.loginFailuresPerAccount, subject)) {
      if (!attempt.captchaId || !attempt.captchaAnswer) {
        throw captchaRequired(CaptchaPurpose.LOGIN, 'This account had several failed logins: solve a captcha (createCaptcha with purpose LOGIN) and send its id and answer with the login');
      }
      await captchas.verify(CaptchaPurpose.LOGIN, attempt.captchaId, attempt.captchaAnswer, 'captchaAnswer');
    }
    const ok = await verifyPassword(attempt.password, account?.passwordHash ?? (await this.decoyHash));
    if (!account || !ok) {
      await limiter.record(RATE_RULES.loginFailuresPerAccount, subject);
      // Says whether the next attempt will need a captcha, so a console can show one at once.
      const captcha = await limiter.reached(RATE_RULES.loginFailuresPerAccount, subject);
      throw unauthenticated('Wrong username, e-mail or password', { captchaRequired: captcha });
    }
    // Told only to someone who knows the password, so it reveals nothing to a guesser.
    if (account.disabledAt) throw forbidden('This account is disabled; contact the administrator');
    await em.populate(account, ['invitedBy']);
    const session = await this.deps.sessions.create(em, account);
    http.setSessionCookie(session.secret, session.expiresAt);
    return { token: session.secret, expiresAt: session.expiresAt, account: toView(account, await this.deps.ledger.balanceMicro(account.id, em)) };
  }

  /** Ends the viewer's current session and clears the cookie. */
  async logout(em: EntityManager, http: HttpSide, viewer: Viewer): Promise<void> {
    await this.deps.sessions.end(em, viewer.sessionHash);
    http.clearSessionCookie();
  }
}
