import type { EntityManager } from '@mikro-orm/postgresql';
import { createLogger } from '../../shared/log.js';
import type { SessionService } from '../auth/session.service.js';
import { isUuid, likePattern } from '../catalog/validate.js';
import type { Viewer } from '../auth/viewer.js';
import { badInput, notFound } from '../graphql/errors.js';
import { decodeCursor, encodeCursor, pageSize } from '../graphql/pagination.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { TokenService } from '../tokens/token.service.js';
import type { RateLimits } from '../../shared/limits/rate-limits.js';
import { assignLimits, validLimits } from '../limits/rate-limit-columns.js';
import { Account } from './account.entity.js';
import { toView } from './account.service.js';
import type { AccountPage, AccountView } from './account.types.js';

const log = createLogger('accounts');

/** Longest search text: an e-mail address. */
const SEARCH_MAX = 254;

/** Longest reason for disabling an account (the column's size). */
export const DISABLE_REASON_MAX = 500;

/** Administrators' work on accounts: finding them, and switching them off and on again. */
export class AccountAdministration {
  constructor(
    private readonly deps: {
      ledger: LedgerService;
      sessions: SessionService;
      tokens: Pick<TokenService, 'republishAccount'>;
    },
  ) {}

  /**
   * Accounts by username (case ignored), optionally only those whose username or e-mail address
   * contains `search` (or whose id it is), with their ledger balances.
   */
  async list(em: EntityManager, search: string | null | undefined, first: number, after: string | null | undefined): Promise<AccountPage> {
    const size = pageSize(first);
    const text = (search ?? '').trim().toLowerCase();
    if (text.length > SEARCH_MAX) throw badInput('search', `at most ${SEARCH_MAX} characters`);
    const qb = em.createQueryBuilder(Account, 'a');
    if (text) {
      const pattern = likePattern(text);
      const byId = isUuid(text) ? [{ id: text }] : [];
      qb.andWhere({ $or: [{ usernameLower: { $like: pattern } }, { emailLower: { $like: pattern } }, ...byId] });
    }
    const totalCount = await qb.clone().getCount();
    if (after) qb.andWhere({ usernameLower: { $gt: decodeCursor(after, 1)[0] } });
    const rows = await qb.orderBy({ usernameLower: 'asc' }).limit(size + 1).getResultList();
    const accounts = rows.slice(0, size);
    await em.populate(accounts, ['invitedBy']);
    const balances = await this.deps.ledger.balancesMicro(accounts.map((a) => a.id), em);
    const last = accounts.at(-1);
    return {
      items: accounts.map((a) => toView(a, balances.get(a.id) ?? 0n)),
      totalCount,
      pageInfo: { endCursor: last ? encodeCursor([last.usernameLower]) : null, hasNextPage: rows.length > size },
    };
  }

  /** One account with its ledger balance. */
  async get(em: EntityManager, accountId: string): Promise<AccountView> {
    const account = await this.find(em, accountId);
    return toView(account, await this.deps.ledger.balanceMicro(account.id, em));
  }

  /**
   * Disables an account (with a reason) or enables it again. Disabling ends every session of the
   * account at once; while disabled, login is refused and its tokens' records tell the data planes
   * to refuse them (403, as for a disabled token). Administrators cannot disable themselves.
   */
  async setDisabled(em: EntityManager, viewer: Viewer, accountId: string, disabled: boolean, reason: string | null | undefined): Promise<AccountView> {
    const account = await this.find(em, accountId);
    const why = reason?.trim() ?? '';
    if (disabled) {
      if (account.id === viewer.accountId) throw badInput('accountId', 'you cannot disable your own account');
      if (!why) throw badInput('reason', 'say why the account is disabled');
      if (why.length > DISABLE_REASON_MAX) throw badInput('reason', `at most ${DISABLE_REASON_MAX} characters`);
    }
    await em.transactional(async (tx) => {
      // Disabling again keeps the first time, but takes the newer reason.
      account.disabledAt = disabled ? (account.disabledAt ?? new Date()) : null;
      account.disabledReason = disabled ? why : null;
      tx.persist(account);
      if (disabled) await this.deps.sessions.endAll(tx, account.id);
    });
    // After commit, so no data plane reads a state the database does not hold; also repairs a failed earlier publish.
    await this.deps.tokens.republishAccount(em, account.id);
    log.info(disabled ? 'account disabled' : 'account enabled', { accountId: account.id, by: viewer.accountId });
    return toView(account, await this.deps.ledger.balanceMicro(account.id, em));
  }

  /**
   * Sets an account's rate limits. Its tokens' own limits may then be above the account's: both
   * apply, so the tighter one holds. Republished in the account's token records.
   */
  async setLimits(em: EntityManager, viewer: Viewer, accountId: string, input: Partial<RateLimits>): Promise<AccountView> {
    const account = await this.find(em, accountId);
    assignLimits(account, validLimits('limits', input));
    await em.flush();
    await this.deps.tokens.republishAccount(em, account.id);
    log.info('account rate limits set', { accountId: account.id, by: viewer.accountId, ...input });
    return toView(account, await this.deps.ledger.balanceMicro(account.id, em));
  }

  private async find(em: EntityManager, accountId: string): Promise<Account> {
    const account = isUuid(accountId) ? await em.findOne(Account, accountId, { populate: ['invitedBy'] }) : null;
    if (!account) throw notFound('Account');
    return account;
  }
}
