import { LockMode, wrap, type EntityManager } from '@mikro-orm/postgresql';
import { DecimalError } from '../../shared/decimal.js';
import { parseRmbToMicro } from '../../shared/money.js';
import { createLogger } from '../../shared/log.js';
import { Account, Role } from '../accounts/account.entity.js';
import { Group, GroupStatus } from '../catalog/group.entity.js';
import { isUuid } from '../catalog/validate.js';
import type { Viewer } from '../auth/viewer.js';
import { badInput, notFound } from '../graphql/errors.js';
import type { AppDeps } from '../app-deps.js';
import { issueToken } from './issue-token.js';
import { MODEL_ALLOW_LIST_MAX, MODEL_ID_MAX, TOKEN_GROUPS_MAX, TOKEN_NAME_MAX } from './token.input.js';
import { toTokenRecord } from './token-record.js';
import { limitsAbove, type RateLimits } from '../../shared/limits/rate-limits.js';
import { assignLimits, limitsOf, validLimits } from '../limits/rate-limit-columns.js';
import type { RateUseView } from '../limits/rate-limits.types.js';
import { tokenRateUse } from '../limits/rate-use.js';
import { Token, TokenStatus } from './token.entity.js';

const log = createLogger('tokens');

/** Highest spending cap accepted: 10^12 RMB keeps micro-RMB well inside a Postgres bigint. */
const SPEND_CAP_MAX_MICRO = 10n ** 18n;

/** Tokens read and republished per batch at start-up. */
const REPUBLISH_BATCH = 1000;

/** Token settings as a caller gives them (the GraphQL inputs): absent = unchanged, null = cleared. */
export interface TokenChanges {
  name?: string | null;
  groups?: string[] | null;
  expiresAt?: Date | null;
  /** RMB decimal string. */
  spendCap?: string | null;
  modelAllowList?: string[] | null;
  /** The token's own rate limits (each null: none). */
  limits?: Partial<RateLimits> | null;
}

/** Validated settings, ready to store. */
interface ValidTokenChanges {
  name?: string;
  groups?: string[];
  expiresAt?: Date | null;
  spendCapMicro?: string | null;
  modelAllowList?: string[] | null;
  limits?: RateLimits;
}

/**
 * API tokens of console accounts. Every read and change is scoped to the viewer's own tokens (a
 * token of another account is NOT_FOUND, so ids cannot be probed). Every change is written to the
 * TokenStore after the database commit, so the data planes see it
 * (docs/architecture.md, Redis contract 2).
 */
export class TokenService {
  constructor(
    private readonly deps: Pick<AppDeps, 'orm' | 'ports' | 'secrets' | 'config'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The current time, as every check of this service sees it (injectable for tests). */
  clock(): Date {
    return this.now();
  }

  /** Creates a token for the viewer. */
  async create(em: EntityManager, viewer: Viewer, input: TokenChanges & { name: string }): Promise<Token> {
    const { name, ...rest } = input;
    const validName = checkName(name);
    const valid = await this.validate(em, viewer, rest);
    const max = this.deps.config.maxTokensPerAccount;
    const token = await em.transactional(async (tx) => {
      // The account's row lock orders concurrent creations, so the count below cannot be raced past the cap.
      const account = await tx.findOneOrFail(Account, viewer.accountId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if ((await tx.count(Token, { account, deletedAt: null })) >= max) {
        throw badInput('input', `this account already holds ${max} tokens, the most allowed; delete one first`, { reason: 'TOO_MANY_TOKENS', limit: max });
      }
      const created = issueToken(tx, this.deps.secrets, account, {
        name: validName,
        groups: valid.groups,
        expiresAt: valid.expiresAt ?? undefined,
        spendCapMicro: valid.spendCapMicro ?? undefined,
        modelAllowList: valid.modelAllowList ?? undefined,
      }).token;
      if (valid.limits) assignLimits(created, valid.limits);
      return created;
    });
    await this.publish(token);
    return token;
  }

  /** The viewer's tokens, newest first. */
  listOwn(em: EntityManager, viewer: Viewer): Promise<Token[]> {
    return this.listOf(em, viewer.accountId);
  }

  /** Any account's tokens, for administrators (the resolver checks the role). */
  async listOfAccount(em: EntityManager, accountId: string): Promise<Token[]> {
    if (!isUuid(accountId) || !(await em.count(Account, { id: accountId }))) throw notFound('Account');
    return this.listOf(em, accountId);
  }

  /** One of the viewer's tokens. */
  get(em: EntityManager, viewer: Viewer, id: string): Promise<Token> {
    return this.findOwn(em, viewer, id);
  }

  /** The full key of one of the viewer's own tokens (administrators included: only the owner). */
  async revealKey(em: EntityManager, viewer: Viewer, id: string): Promise<string> {
    const token = await this.findOwn(em, viewer, id);
    return this.deps.secrets.decrypt(token.keyEncrypted);
  }

  /** Applies `changes` to one of the viewer's tokens. */
  async update(em: EntityManager, viewer: Viewer, id: string, changes: TokenChanges): Promise<Token> {
    const token = await this.findOwn(em, viewer, id);
    const valid = await this.validate(em, viewer, changes);
    if (valid.name !== undefined) token.name = valid.name;
    if (valid.groups !== undefined) token.groups = valid.groups;
    if (valid.expiresAt !== undefined) token.expiresAt = valid.expiresAt;
    if (valid.spendCapMicro !== undefined) token.spendCapMicro = valid.spendCapMicro;
    if (valid.modelAllowList !== undefined) token.modelAllowList = valid.modelAllowList;
    if (valid.limits !== undefined) assignLimits(token, valid.limits);
    await em.flush();
    await this.publish(token);
    return token;
  }

  /** Enables or disables one of the viewer's tokens; republishes even when unchanged, so a retry repairs a failed publish. */
  async setStatus(em: EntityManager, viewer: Viewer, id: string, status: TokenStatus): Promise<Token> {
    const token = await this.findOwn(em, viewer, id);
    token.status = status;
    await em.flush();
    await this.publish(token);
    return token;
  }

  /** Deletes one of the viewer's tokens: it leaves every list and the TokenStore; the row stays for usage history. */
  async delete(em: EntityManager, viewer: Viewer, id: string): Promise<Token> {
    const token = await this.findOwn(em, viewer, id);
    token.deletedAt = this.now();
    await em.flush();
    await this.publish(token);
    return token;
  }

  /** A token's use in its current rate-limit window, as the data planes counted it. */
  rateUse(accountId: string, tokenId: string): Promise<RateUseView> {
    return tokenRateUse(this.deps.ports.rateLimits, accountId, tokenId);
  }

  /** Writes `token`'s record to the TokenStore, or removes it once the token is deleted. Call after commit. */
  async publish(token: Token): Promise<void> {
    try {
      if (token.deletedAt) {
        await this.deps.ports.tokens.remove(token.keyHash);
        return;
      }
      // The record carries the account's switch as well (a disabled account's tokens are refused).
      if (!wrap(token.account).isInitialized()) await wrap(token.account).init();
      await this.deps.ports.tokens.put(token.keyHash, toTokenRecord(token));
    } catch (err) {
      // The database already holds the change; start-up republishing (or the next change) repairs the store.
      log.error('token record not published', { tokenId: token.id, message: (err as Error).message });
      throw err;
    }
  }

  /** Rewrites the records of every live token of one account (it was disabled or enabled). Call after commit. */
  async republishAccount(em: EntityManager, accountId: string): Promise<void> {
    const tokens = await em.find(Token, { account: accountId, deletedAt: null }, { populate: ['account'], refresh: true });
    await Promise.all(tokens.map((t) => this.publish(t)));
  }

  /**
   * Rewrites every token's record (and removes deleted ones) so the TokenStore, which may have lost
   * data or missed a change, matches the database. Reads in id order, a batch at a time, so memory
   * stays flat however many tokens there are. Returns how many tokens were visited.
   */
  async republishAll(batchSize = REPUBLISH_BATCH): Promise<number> {
    let after: string | undefined;
    let visited = 0;
    for (;;) {
      const em = this.deps.orm.em.fork();
      const batch = await em.find(Token, after === undefined ? {} : { id: { $gt: after } }, { orderBy: { id: 'asc' }, limit: batchSize, populate: ['account'] });
      if (batch.length === 0) break;
      await Promise.all(batch.map((t) => this.publish(t)));
      visited += batch.length;
      after = batch[batch.length - 1].id;
      if (batch.length < batchSize) break;
    }
    log.info('token records republished', { tokens: visited });
    return visited;
  }

  private listOf(em: EntityManager, accountId: string): Promise<Token[]> {
    return em.find(Token, { account: accountId, deletedAt: null }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  /** A live token of the viewer's own account; anything else (another account's, deleted, malformed id) is NOT_FOUND. */
  private async findOwn(em: EntityManager, viewer: Viewer, id: string): Promise<Token> {
    const token = isUuid(id) ? await em.findOne(Token, { id, account: viewer.accountId, deletedAt: null }) : null;
    if (!token) throw notFound('Token');
    return token;
  }

  /** Checks the fields present in `changes`; BAD_USER_INPUT names the first bad one. */
  private async validate(em: EntityManager, viewer: Viewer, changes: TokenChanges): Promise<ValidTokenChanges> {
    const valid: ValidTokenChanges = {};
    if (changes.name !== undefined) valid.name = checkName(changes.name);
    if (changes.groups !== undefined) valid.groups = await this.validGroups(em, viewer, changes.groups);
    if (changes.expiresAt !== undefined) valid.expiresAt = this.validExpiry(changes.expiresAt);
    if (changes.spendCap !== undefined) valid.spendCapMicro = changes.spendCap === null ? null : validSpendCap(changes.spendCap);
    if (changes.modelAllowList !== undefined) valid.modelAllowList = validModelAllowList(changes.modelAllowList);
    if (changes.limits !== undefined) valid.limits = await this.validLimits(em, viewer, changes.limits);
    return valid;
  }

  /** A token's limits: each a positive integer or null, none above the account's (BAD_USER_INPUT names the first). */
  private async validLimits(em: EntityManager, viewer: Viewer, input: Partial<RateLimits> | null): Promise<RateLimits> {
    const limits = validLimits('limits', input ?? {});
    const account = limitsOf(await em.findOneOrFail(Account, viewer.accountId));
    const [above] = limitsAbove(limits, account);
    if (above) throw badInput(`limits.${above}`, `must not be above the account's limit of ${account[above]}`, { reason: 'ABOVE_ACCOUNT_LIMIT', limit: account[above] });
    return limits;
  }

  /** Groups must be distinct, exist and be active; non-public groups exist only for administrators. */
  private async validGroups(em: EntityManager, viewer: Viewer, groups: string[] | null): Promise<string[]> {
    if (groups === null) throw badInput('groups', 'must be a list; use [] for automatic routing');
    if (groups.length > TOKEN_GROUPS_MAX) throw badInput('groups', `at most ${TOKEN_GROUPS_MAX} groups`);
    const seen = new Set<string>();
    for (const g of groups) {
      if (seen.has(g)) throw badInput('groups', `group "${g}" is listed more than once`);
      seen.add(g);
    }
    const found = new Map((await em.find(Group, { name: { $in: groups } })).map((g) => [g.name, g]));
    for (const name of groups) {
      const group = found.get(name);
      if (!group || (!group.isPublic && viewer.role !== Role.Admin)) throw badInput('groups', `unknown group "${name}"`);
      if (group.status !== GroupStatus.Active) throw badInput('groups', `group "${name}" is disabled`);
    }
    return groups;
  }

  private validExpiry(expiresAt: Date | null): Date | null {
    if (expiresAt === null) return null;
    if (Number.isNaN(expiresAt.getTime())) throw badInput('expiresAt', 'not a valid date and time');
    if (expiresAt.getTime() <= this.now().getTime()) throw badInput('expiresAt', 'must be in the future');
    return expiresAt;
  }
}

function checkName(name: string | null): string {
  const trimmed = name?.trim() ?? '';
  if (trimmed.length === 0) throw badInput('name', 'must not be empty');
  if (trimmed.length > TOKEN_NAME_MAX) throw badInput('name', `at most ${TOKEN_NAME_MAX} characters`);
  return trimmed;
}

/** An RMB decimal string to micro-RMB (as a decimal string): exact, greater than zero, bounded. */
function validSpendCap(text: string): string {
  let micro: bigint;
  try {
    micro = parseRmbToMicro(text.trim(), { allowNegative: true, label: 'RMB amount' });
  } catch (err) {
    if (err instanceof DecimalError) throw badInput('spendCap', err.message);
    throw err;
  }
  // Negatives are parsed (not refused by the parser) so the message says what is wrong with them.
  if (micro <= 0n) throw badInput('spendCap', 'must be greater than zero');
  if (micro > SPEND_CAP_MAX_MICRO) throw badInput('spendCap', 'must be at most 1000000000000 RMB');
  return micro.toString();
}

function validModelAllowList(models: string[] | null): string[] | null {
  if (models === null) return null;
  if (models.length === 0) throw badInput('modelAllowList', 'list at least one model, or use null to allow every model');
  if (models.length > MODEL_ALLOW_LIST_MAX) throw badInput('modelAllowList', `at most ${MODEL_ALLOW_LIST_MAX} models`);
  const out = new Set<string>();
  for (const raw of models) {
    const model = raw.trim();
    if (model.length === 0 || model.length > MODEL_ID_MAX) throw badInput('modelAllowList', `model ids are 1 to ${MODEL_ID_MAX} characters`);
    if (out.has(model)) throw badInput('modelAllowList', `model "${model}" is listed more than once`);
    out.add(model);
  }
  return [...out];
}
