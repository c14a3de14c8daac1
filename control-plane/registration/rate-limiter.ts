import { sha256Hex } from '../../shared/crypto/secrets.js';
import type { EphemeralStore } from '../../shared/ports/ephemeral-store.js';
import { rateLimited } from '../graphql/errors.js';

/** At most `max` attempts per fixed window of `windowMs`. */
export interface RateRule {
  /** Names the counter, e.g. `login-ip`. */
  name: string;
  max: number;
  windowMs: number;
  /** Plural noun for the error message, e.g. "login attempts". */
  what: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits on registration and login (README "Sign-in"). */
export const RATE_RULES = {
  captchaPerIp: { name: 'captcha-ip', max: 60, windowMs: 10 * MINUTE, what: 'captchas from this address' },
  emailCodePerEmail: { name: 'code-email-min', max: 1, windowMs: MINUTE, what: 'e-mail code requests for this address' },
  emailCodePerEmailDay: { name: 'code-email-day', max: 10, windowMs: 24 * HOUR, what: 'e-mail code requests for this address today' },
  emailCodePerIp: { name: 'code-ip', max: 20, windowMs: HOUR, what: 'e-mail code requests from this address' },
  registerPerIp: { name: 'register-ip', max: 10, windowMs: HOUR, what: 'registrations from this address' },
  loginPerIp: { name: 'login-ip', max: 30, windowMs: 10 * MINUTE, what: 'login attempts from this address' },
  // Per account only together with the address: one address's guesses never lock the owner out.
  loginPerAccountIp: { name: 'login-account-ip', max: 10, windowMs: 10 * MINUTE, what: 'login attempts for this account from this address' },
  /** Failed logins for one account from any address; once `max` are reached, logging in to it needs a LOGIN captcha. */
  loginFailuresPerAccount: { name: 'login-fail-account', max: 5, windowMs: 15 * MINUTE, what: 'failed logins for this account' },
  /** Current-password checks of a signed-in session (only the account's own sessions can spend these). */
  passwordCheckPerAccount: { name: 'password-account', max: 10, windowMs: 10 * MINUTE, what: 'password attempts for this account' },
} satisfies Record<string, RateRule>;

/**
 * Fixed-window counters in the EphemeralStore, so every control-plane instance counts together.
 * Windows are aligned to the (injectable) clock, which lets tests move past a window without
 * waiting. Subjects are hashed: e-mail addresses and usernames do not appear in Redis key names.
 */
export class RateLimiter {
  constructor(private readonly store: EphemeralStore, private readonly now: () => number) {}

  /** Counts one attempt by `subject` under `rule`; throws RATE_LIMITED once the window's budget is spent. */
  async consume(rule: RateRule, subject: string): Promise<void> {
    const now = this.now();
    const window = Math.floor(now / rule.windowMs);
    const count = await this.store.hit(this.key(rule, subject, window), rule.windowMs);
    if (count > rule.max) throw rateLimited(rule.what, Math.ceil(((window + 1) * rule.windowMs - now) / 1000));
  }

  /** Counts one event by `subject` under `rule` without refusing anything (e.g. a failed login). */
  async record(rule: RateRule, subject: string): Promise<void> {
    await this.store.hit(this.key(rule, subject, Math.floor(this.now() / rule.windowMs)), rule.windowMs);
  }

  /** Whether `subject` has reached `rule`'s `max` in the current window (nothing is counted). */
  async reached(rule: RateRule, subject: string): Promise<boolean> {
    return (await this.store.hits(this.key(rule, subject, Math.floor(this.now() / rule.windowMs)))) >= rule.max;
  }

  private key(rule: RateRule, subject: string, window: number): string {
    return `${rule.name}:${sha256Hex(subject).slice(0, 32)}:${window}`;
  }
}
