import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBase62, sha256Hex } from '../../shared/crypto/secrets.js';
import { Account } from '../accounts/account.entity.js';
import type { Viewer } from './viewer.js';
import { Session } from './session.entity.js';

/** Console sessions last this long. */
const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

/** Prefix of console session secrets, so they are never mistaken for `sk-` API keys. */
const SESSION_PREFIX = 'ses_';

/** Creates, resolves and ends console sessions. Secrets are returned once and stored only hashed. */
export class SessionService {
  /** Starts a session for `account`; returns the secret (for the cookie or bearer header) and its expiry. */
  async create(em: EntityManager, account: Account): Promise<{ secret: string; expiresAt: Date }> {
    const secret = SESSION_PREFIX + randomBase62(40);
    const session = em.create(Session, { idHash: sha256Hex(secret), account, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
    await em.persistAndFlush(session);
    return { secret, expiresAt: session.expiresAt };
  }

  /** The viewer behind a session secret, or null when unknown or expired. */
  async resolve(em: EntityManager, secret: string): Promise<Viewer | null> {
    if (!secret.startsWith(SESSION_PREFIX)) return null;
    const session = await em.findOne(Session, { idHash: sha256Hex(secret) }, { populate: ['account'] });
    if (!session || session.expiresAt.getTime() <= Date.now()) return null;
    // Disabling ends the sessions too; this also catches a login that raced the switch.
    if (session.account.disabledAt) return null;
    return { accountId: session.account.id, role: session.account.role, sessionHash: session.idHash };
  }

  /** Ends one session. */
  async end(em: EntityManager, sessionHash: string): Promise<void> {
    await em.nativeDelete(Session, { idHash: sessionHash });
  }

  /** Ends every session of an account except `keepHash` (after a password change). */
  async endOthers(em: EntityManager, accountId: string, keepHash: string): Promise<void> {
    await em.nativeDelete(Session, { account: accountId, idHash: { $ne: keepHash } });
  }

  /** Ends every session of an account (it was disabled). */
  async endAll(em: EntityManager, accountId: string): Promise<void> {
    await em.nativeDelete(Session, { account: accountId });
  }
}
