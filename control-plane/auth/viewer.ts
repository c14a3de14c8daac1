import type { Role } from '../accounts/account.entity.js';

/** Who is calling: resolved from the session cookie or bearer session token. */
export interface Viewer {
  accountId: string;
  role: Role;
  /** SHA-256 of the session secret, so logout can end exactly this session. */
  sessionHash: string;
}

/** The HTTP side of a call: where cookies are set and the client address is read. */
export interface HttpSide {
  ip: string;
  setSessionCookie(secret: string, expires: Date): void;
  clearSessionCookie(): void;
}
