import type { TokenRecord } from '../../shared/ports/token-store.js';
import { TokenStatus, type Token } from './token.entity.js';

/**
 * What data planes get to know about `token` (DESIGN.md contract item 2); never the key itself.
 * A disabled account's tokens are recorded as disabled, so data planes refuse them the same way
 * (403); `token.account` must be loaded.
 */
export function toTokenRecord(token: Token): TokenRecord {
  return {
    tokenId: token.id,
    accountId: token.account.id,
    name: token.name,
    status: token.account.disabledAt ? TokenStatus.Disabled : token.status,
    expiresAt: token.expiresAt ? token.expiresAt.getTime() : null,
    groups: [...token.groups],
    modelAllowList: token.modelAllowList ? [...token.modelAllowList] : null,
    spendCapMicro: token.spendCapMicro ?? null,
  };
}
