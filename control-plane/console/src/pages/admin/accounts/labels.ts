import type { Translate } from '../../../i18n/i18n';
import type { useAccountsMessages } from './messages';

type Key = Parameters<ReturnType<typeof useAccountsMessages>>[0];

const LEDGER_KINDS = new Set(['trial_credit', 'top_up', 'usage', 'refund', 'adjustment', 'redemption', 'invite_reward']);
const USAGE_STATUSES = new Set(['success', 'failed', 'aborted']);

/** A ledger entry's kind in words; a kind this console does not know yet shows as the API names it. */
export function ledgerKindLabel(t: Translate<Key>, kind: string): string {
  return LEDGER_KINDS.has(kind) ? t(`kind_${kind}` as Key) : kind;
}

/** A usage record's status in words (or as the API names it). */
export function usageStatusLabel(t: Translate<Key>, status: string): string {
  return USAGE_STATUSES.has(status) ? t(`status_${status}` as Key) : status;
}
