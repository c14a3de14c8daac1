import { Badge } from '@mantine/core';
import { useWalletMessages } from './messages';

// Dark shades: white badge text on them meets WCAG AA contrast.
const STATUSES = { pending: 'blue.9', paid: 'indigo.9', credited: 'teal.9', expired: 'gray.7' } as const;
const KINDS = ['trial_credit', 'top_up', 'usage', 'refund', 'adjustment', 'redemption', 'invite_reward'] as const;

/** The payment methods the API offers (`createTopUp`'s `payType`). */
export const PAY_TYPES = ['alipay', 'wxpay', 'qqpay'] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** Words for the API's values: a value this console does not know yet is shown as the API gives it. */
export function useWalletLabels() {
  const t = useWalletMessages();
  return {
    status: (s: string) => (isOneOf(Object.keys(STATUSES) as (keyof typeof STATUSES)[], s) ? t(`status_${s}`) : s),
    kind: (k: string) => (isOneOf(KINDS, k) ? t(`kind_${k}`) : k),
    payType: (p: string) => (isOneOf(PAY_TYPES, p) ? t(p) : p),
  };
}

/** A top-up order's state as a badge: the word says it, the colour only helps. */
export function OrderStatusBadge({ status }: { status: string }) {
  const labels = useWalletLabels();
  const colour = status in STATUSES ? STATUSES[status as keyof typeof STATUSES] : 'gray.7';
  return (
    <Badge color={colour} variant="filled" data-status={status}>
      {labels.status(status)}
    </Badge>
  );
}
