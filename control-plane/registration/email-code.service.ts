import { randomInt } from 'node:crypto';
import { sha256Hex } from '../../shared/crypto/secrets.js';
import type { EphemeralStore } from '../../shared/ports/ephemeral-store.js';
import { badInput } from '../graphql/errors.js';
import type { Mailer } from '../mail/mailer.js';

/** Codes are valid this long. */
const EMAIL_CODE_TTL_MS = 10 * 60_000;

/** Wrong guesses allowed per code; the last of them discards it. */
const EMAIL_CODE_MAX_WRONG = 5;

interface StoredCode {
  code: string;
  expiresAt: number;
  wrong: number;
}

/** A code that matched and is held until the registration commits; `restore` gives it back if it does not. */
export interface ClaimedCode {
  restore(): Promise<void>;
}

/**
 * Six-digit e-mail verification codes, one live code per address (a new request replaces the old
 * one). A code is single-use: it is spent by the registration that succeeds with it; wrong guesses
 * count, and the fifth wrong guess discards the code.
 */
export class EmailCodeService {
  constructor(
    private readonly store: EphemeralStore,
    private readonly mailer: Mailer,
    private readonly now: () => number,
  ) {}

  /** Creates a code for `email` and mails it; returns when it expires. */
  async send(email: string): Promise<Date> {
    const code = randomInt(1_000_000).toString().padStart(6, '0');
    const expiresAt = this.now() + EMAIL_CODE_TTL_MS;
    await this.put(email, { code, expiresAt, wrong: 0 });
    const minutes = EMAIL_CODE_TTL_MS / 60_000;
    await this.mailer.send(
      email,
      'Your Meridian verification code',
      `Your Meridian verification code is ${code}\n\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this mail.\n`,
    );
    return new Date(expiresAt);
  }

  /**
   * Checks `code` for `email` and takes it out of circulation. A wrong code is put back with one
   * more wrong guess counted (BAD_USER_INPUT on `field`); a missing or expired one is refused.
   */
  async claim(email: string, code: string, field: string): Promise<ClaimedCode> {
    const raw = await this.store.take(key(email));
    const stored = raw === null ? null : (JSON.parse(raw) as StoredCode);
    if (!stored || stored.expiresAt <= this.now()) {
      throw badInput(field, 'no valid code for this e-mail address (expired, used or never sent); request a new one');
    }
    if (stored.code !== code.trim()) {
      const wrong = stored.wrong + 1;
      if (wrong >= EMAIL_CODE_MAX_WRONG) throw badInput(field, 'too many wrong codes; request a new one');
      await this.put(email, { ...stored, wrong });
      throw badInput(field, 'wrong code');
    }
    return { restore: () => this.put(email, stored) };
  }

  private async put(email: string, stored: StoredCode): Promise<void> {
    const ttl = stored.expiresAt - this.now();
    if (ttl > 0) await this.store.put(key(email), JSON.stringify(stored), ttl);
  }
}

function key(email: string): string {
  return `email-code:${sha256Hex(email.toLowerCase())}`;
}
