import type { EntityManager } from '@mikro-orm/postgresql';
import { toView } from '../accounts/account.service.js';
import { findByLogin } from '../accounts/new-account.js';
import type { HttpSide, Viewer } from '../graphql/context.js';
import { forbidden, unauthenticated } from '../graphql/errors.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { RATE_RULES, type RateLimiter } from '../registration/rate-limiter.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SessionService } from './session.service.js';
import type { AuthPayload } from './auth.types.js';

/** Logging in and out of the console. */
export class AuthService {
  // Checked against when the login names no account, so both paths cost one scrypt.
  private readonly decoyHash = hashPassword('decoy password, matches nothing');

  constructor(private readonly deps: { sessions: SessionService; ledger: LedgerService; limiter: RateLimiter }) {}

  /**
   * Logs in with a username or e-mail address and password, rate-limited per client address and
   * per account. Starts a session, sets it as the httpOnly cookie and returns its secret (bearer).
   */
  async login(em: EntityManager, http: HttpSide, login: string, password: string): Promise<AuthPayload> {
    await this.deps.limiter.consume(RATE_RULES.loginPerIp, http.ip);
    const account = await findByLogin(em, login);
    await this.deps.limiter.consume(RATE_RULES.loginPerAccount, account ? `account:${account.id}` : `login:${login.trim().toLowerCase()}`);
    const ok = await verifyPassword(password, account?.passwordHash ?? (await this.decoyHash));
    if (!account || !ok) throw unauthenticated('Wrong username, e-mail or password');
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
