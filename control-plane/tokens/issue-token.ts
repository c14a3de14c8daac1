import type { EntityManager } from '@mikro-orm/postgresql';
import { maskSecret, randomBase62, sha256Hex, type SecretBox } from '../../shared/crypto/secrets.js';
import type { Account } from '../accounts/account.entity.js';
import { Token } from './token.entity.js';

/** Every API key starts with this. */
const TOKEN_KEY_PREFIX = 'sk-';

/** Random base62 characters after the prefix. */
const TOKEN_KEY_RANDOM_LENGTH = 48;

/** What a new token is made of; the key itself is always generated. */
export interface IssueTokenOptions {
  name: string;
  /** Ordered group names (main group, then fallbacks); empty or absent routes automatically. */
  groups?: string[];
  expiresAt?: Date;
  /** Spending cap in micro-RMB, as a decimal string. */
  spendCapMicro?: string;
  modelAllowList?: string[];
}

/** A fresh `sk-` key: 48 base62 characters drawn uniformly. */
function generateTokenKey(): string {
  return TOKEN_KEY_PREFIX + randomBase62(TOKEN_KEY_RANDOM_LENGTH);
}

/**
 * Creates a token for `account` with a new key: stored as its SHA-256 (lookup), encrypted with
 * SECRET_KEY (so the owner can copy it again) and masked (lists). The token is persisted in `em`
 * and written by the caller's flush or transaction; publishing its record to the data planes is
 * the caller's job, after commit. The clear key is returned once and must never be logged.
 */
export function issueToken(em: EntityManager, secrets: SecretBox, account: Account, options: IssueTokenOptions): { token: Token; key: string } {
  const key = generateTokenKey();
  const token = em.create(Token, {
    account,
    name: options.name,
    keyHash: sha256Hex(key),
    keyEncrypted: secrets.encrypt(key),
    keyMasked: maskSecret(key),
    groups: options.groups ?? [],
    expiresAt: options.expiresAt,
    spendCapMicro: options.spendCapMicro,
    modelAllowList: options.modelAllowList,
  });
  return { token, key };
}
