import type { TokenRecord } from '../../shared/ports/token-store.js';
import { hasRateLimit } from '../../shared/limits/rate-limits.js';
import { limitsOf } from '../limits/rate-limit-columns.js';
import { TokenStatus, type Token } from './token.entity.js';

/**
 * What data planes get to know about `token` (docs/architecture.md, Redis contract 2); never the key itself.
 * A disabled account's tokens are recorded as disabled, so data planes refuse them the same way
 * (403), and its rate limits go with each of its tokens; `token.account` must be loaded.
 */
export function toTokenRecord(token: Token): TokenRecord {
  const limits = limitsOf(token);
  const accountLimits = limitsOf(token.account);
  return {
    tokenId: token.id,
    accountId: token.account.id,
    name: token.name,
    status: token.account.disabledAt ? TokenStatus.Disabled : token.status,
    expiresAt: token.expiresAt ? token.expiresAt.getTime() : null,
    groups: [...token.groups],
    modelAllowList: token.modelAllowList ? [...token.modelAllowList] : null,
    spendCapMicro: token.spendCapMicro ?? null,
    // Only when set: most tokens have none, and an absent field means none to the data planes.
    ...(hasRateLimit(limits) ? { limits } : {}),
    ...(hasRateLimit(accountLimits) ? { accountLimits } : {}),
  };
}
