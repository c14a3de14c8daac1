import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { maskSecret, randomBase62, sha256Hex } from '../../shared/crypto/secrets.js';
import { DecimalError } from '../../shared/decimal.js';
import { parseRmbToMicro } from '../../shared/money.js';
import { Account } from '../accounts/account.entity.js';
import type { Credits } from '../billing/credits.js';
import type { Viewer } from '../auth/viewer.js';
import { badInput } from '../graphql/errors.js';
import { LedgerKind } from '../ledger/ledger-entry.entity.js';
import { RedemptionCode } from './redemption-code.entity.js';

/** Every code starts with this. */
const CODE_PREFIX = 'MRC-';
/** Most codes per batch. */
const MAX_BATCH = 1000;
/** Largest value of one code, micro-RMB. */
const MAX_CODE_MICRO = 100_000n * 1_000_000n;

/** Parses a positive RMB amount argument, or BAD_USER_INPUT naming `field`. */
export function rmbArgument(field: string, text: string, options: { allowNegative?: boolean } = {}): bigint {
  try {
    return parseRmbToMicro(text, { allowNegative: options.allowNegative });
  } catch (error) {
    throw badInput(field, error instanceof DecimalError ? `must be an RMB amount such as "10" or "0.5" (${error.message})` : 'invalid');
  }
}

/** Redemption codes: batches made by administrators, each code redeemed once for a fixed RMB amount. */
export class RedemptionService {
  constructor(private readonly deps: { credits: Credits; now: () => number }) {}

  /** Makes `count` codes worth `amountRmb` each; returns the clear codes (shown this once only). */
  async createBatch(em: EntityManager, admin: Viewer, count: number, amountRmb: string, name: string): Promise<{ batchId: string; codes: string[] }> {
    if (!Number.isInteger(count) || count < 1 || count > MAX_BATCH) throw badInput('count', `must be from 1 to ${MAX_BATCH}`);
    const amount = rmbArgument('amountRmb', amountRmb);
    if (amount <= 0n || amount > MAX_CODE_MICRO) throw badInput('amountRmb', 'must be more than 0 and at most 100000 RMB');
    if (name.length > 200) throw badInput('name', 'must be at most 200 characters');
    const batchId = randomUUID();
    const codes = Array.from({ length: count }, () => CODE_PREFIX + randomBase62(24));
    for (const code of codes) {
      em.create(RedemptionCode, { codeHash: sha256Hex(code), codeMasked: maskSecret(code), batchId, batchName: name, amountMicro: amount.toString(), createdBy: admin.accountId });
    }
    await em.flush();
    return { batchId, codes };
  }

  /** Redeems `code` for the viewer, once; an unknown or already redeemed code is refused and credits nothing. */
  async redeem(em: EntityManager, viewer: Viewer, code: string): Promise<RedemptionCode> {
    const trimmed = code.trim();
    return this.deps.credits.apply(em, async (tx) => {
      // Row lock: two concurrent redemptions of one code are serialised; the second sees it redeemed.
      const row = await tx.findOne(RedemptionCode, { codeHash: sha256Hex(trimmed) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row) throw badInput('code', 'is not a valid redemption code', { reason: 'UNKNOWN_CODE' });
      if (row.redeemedBy) throw badInput('code', 'has already been redeemed', { reason: 'ALREADY_REDEEMED' });
      row.redeemedBy = tx.getReference(Account, viewer.accountId);
      row.redeemedAt = new Date(this.deps.now());
      await tx.flush();
      return {
        entry: { accountId: viewer.accountId, kind: LedgerKind.Redemption, amountMicro: BigInt(row.amountMicro), idempotencyKey: `redeem:${row.id}`, memo: `Redemption code ${row.codeMasked}` },
        result: row,
      };
    });
  }
}
