import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBase62 } from '../../shared/crypto/secrets.js';
import type { RateLimits } from '../../shared/limits/rate-limits.js';
import { assignLimits } from '../limits/rate-limit-columns.js';
import { Account, Role } from './account.entity.js';
import { INVITE_CODE_LENGTH } from './account.rules.js';

/** The fields a new account is made from; the password is already hashed. */
export interface NewAccountFields {
  username: string;
  email: string;
  passwordHash: string;
  role?: Role;
  invitedBy?: Account;
  /** Its rate limits (registration gives the DEFAULT_ACCOUNT_* settings); none when left out. */
  limits?: RateLimits;
}

/** Persists (in `em`, not flushed) a new account with the lower-cased unique keys and its own random invite code. */
export function newAccount(em: EntityManager, fields: NewAccountFields): Account {
  const account = em.create(Account, {
    username: fields.username,
    usernameLower: fields.username.toLowerCase(),
    email: fields.email,
    emailLower: fields.email.toLowerCase(),
    passwordHash: fields.passwordHash,
    role: fields.role ?? Role.User,
    inviteCode: randomBase62(INVITE_CODE_LENGTH),
    invitedBy: fields.invitedBy,
  });
  if (fields.limits) assignLimits(account, fields.limits);
  return account;
}

/** Finds an account by username or e-mail address, ignoring case. */
export function findByLogin(em: EntityManager, login: string): Promise<Account | null> {
  const lower = login.trim().toLowerCase();
  return em.findOne(Account, lower.includes('@') ? { emailLower: lower } : { usernameLower: lower });
}
