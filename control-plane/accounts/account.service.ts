import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { limitsOf } from '../limits/rate-limit-columns.js';
import { randomBase62 } from '../../shared/crypto/secrets.js';
import { createLogger } from '../../shared/log.js';
import { formatMicroRmb } from '../../shared/money.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { SessionService } from '../auth/session.service.js';
import type { Viewer } from '../auth/viewer.js';
import { badInput, notFound } from '../graphql/errors.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { RATE_RULES, type RateLimiter } from '../registration/rate-limiter.js';
import { Account, Role } from './account.entity.js';
import type { AccountView } from './account.types.js';
import { newAccount } from './new-account.js';

const log = createLogger('accounts');

// Any constant: serialises "is there an admin yet?" across control planes starting together.
const ADMIN_LOCK_ID = 7_220_001;

/** Username of the generated first admin when ADMIN_USERNAME is not set. */
const GENERATED_ADMIN_USERNAME = 'admin';

/** Input of a password change; lengths are checked by the GraphQL input. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  newPasswordConfirmation: string;
}

/** Reading one's account, changing its password, and making sure an administrator exists. */
export class AccountService {
  constructor(
    private readonly deps: {
      orm: MikroORM;
      ledger: LedgerService;
      sessions: SessionService;
      limiter: RateLimiter;
      admin: { username?: string; password?: string };
    },
  ) {}

  /** The account of `accountId` as its owner sees it, balance included. */
  async view(em: EntityManager, accountId: string): Promise<AccountView> {
    const account = await em.findOne(Account, accountId, { populate: ['invitedBy'] });
    if (!account) throw notFound('Account');
    return toView(account, await this.deps.ledger.balanceMicro(account.id, em));
  }

  /**
   * Changes the viewer's password after checking the current one (attempts are limited per
   * account), then ends every other session of the account.
   */
  async changePassword(em: EntityManager, viewer: Viewer, change: PasswordChange): Promise<void> {
    if (change.newPassword !== change.newPasswordConfirmation) {
      throw badInput('newPasswordConfirmation', 'does not match the new password');
    }
    await this.deps.limiter.consume(RATE_RULES.passwordCheckPerAccount, `account:${viewer.accountId}`);
    const account = await em.findOneOrFail(Account, viewer.accountId);
    if (!(await verifyPassword(change.currentPassword, account.passwordHash))) {
      throw badInput('currentPassword', 'is not the current password');
    }
    const passwordHash = await hashPassword(change.newPassword);
    await em.transactional(async (tx) => {
      tx.assign(account, { passwordHash });
      await this.deps.sessions.endOthers(tx, account.id, viewer.sessionHash);
    });
  }

  /**
   * Makes sure an administrator exists. ADMIN_USERNAME/ADMIN_PASSWORD are authoritative: that
   * account is created, or made an admin and given that password, at every start. Without them,
   * and only while no admin exists, an `admin` account with a generated password is created and
   * the password is printed once to stdout. Admins get no trial credit and no initial token.
   */
  async ensureAdmin(): Promise<void> {
    const { username, password } = this.deps.admin;
    const generated = await this.deps.orm.em.fork().transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(?)', [ADMIN_LOCK_ID]);
      if (username && password) {
        await this.ensureConfiguredAdmin(em, username, password);
      } else if ((await em.count(Account, { role: Role.Admin })) === 0) {
        return this.createGeneratedAdmin(em);
      }
      return null;
    });
    // Printed only once committed, so the credentials shown always exist.
    if (generated) {
      const rule = '='.repeat(64);
      process.stdout.write(
        `\n${rule}\n  Meridian: first administrator created (shown only this once)\n` +
          `  username: ${generated.username}\n  password: ${generated.password}\n` +
          `  Set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own.\n${rule}\n\n`,
      );
    }
  }

  private async ensureConfiguredAdmin(em: EntityManager, username: string, password: string): Promise<void> {
    const existing = await em.findOne(Account, { usernameLower: username.toLowerCase() });
    if (!existing) {
      newAccount(em, { username, email: adminEmail(username), passwordHash: await hashPassword(password), role: Role.Admin });
      log.info('created the administrator from ADMIN_USERNAME', { username });
      return;
    }
    if (existing.role !== Role.Admin) {
      existing.role = Role.Admin;
      log.warn('made the existing account named by ADMIN_USERNAME an administrator', { username });
    }
    if (!(await verifyPassword(password, existing.passwordHash))) existing.passwordHash = await hashPassword(password);
    if (existing.disabledAt) {
      // Start-up republishes every token record after this, so its tokens work again too.
      existing.disabledAt = null;
      existing.disabledReason = null;
      log.warn('enabled the disabled account named by ADMIN_USERNAME', { username });
    }
  }

  private async createGeneratedAdmin(em: EntityManager): Promise<{ username: string; password: string }> {
    // Someone may have registered "admin" already; pick a free variant rather than take it over.
    let username = GENERATED_ADMIN_USERNAME;
    while (await em.count(Account, { usernameLower: username })) username = `admin_${randomBase62(4).toLowerCase()}`;
    const password = randomBase62(20);
    newAccount(em, { username, email: adminEmail(username), passwordHash: await hashPassword(password), role: Role.Admin });
    return { username, password };
  }
}

/** Admins need a unique address; `.invalid` is reserved, so it can never belong to someone. */
function adminEmail(username: string): string {
  return `${username.toLowerCase()}@admin.invalid`;
}

/** The GraphQL view of an account with its ledger balance. */
export function toView(account: Account, balanceMicro: bigint): AccountView {
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    role: account.role,
    inviteCode: account.inviteCode,
    createdAt: account.createdAt,
    balanceRmb: formatMicroRmb(balanceMicro),
    balanceMicro: balanceMicro.toString(),
    invitedBy: account.invitedBy?.username,
    disabled: Boolean(account.disabledAt),
    disabledAt: account.disabledAt ?? null,
    disabledReason: account.disabledAt ? (account.disabledReason ?? null) : null,
    limits: limitsOf(account),
  };
}
