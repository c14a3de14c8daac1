import type { TokenRecord } from '../../shared/ports/token-store.js';
import type { Token } from './token.entity.js';

/** What data planes get to know about `token` (DESIGN.md contract item 2); never the key itself. */
export function toTokenRecord(token: Token): TokenRecord {
  return {
    tokenId: token.id,
    accountId: token.account.id,
    name: token.name,
    status: token.status,
    expiresAt: token.expiresAt ? token.expiresAt.getTime() : null,
    groups: [...token.groups],
    modelAllowList: token.modelAllowList ? [...token.modelAllowList] : null,
    spendCapMicro: token.spendCapMicro ?? null,
  };
}
