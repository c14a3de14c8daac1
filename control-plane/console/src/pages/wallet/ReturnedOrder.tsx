import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { WalletOrderDocument } from '../../gql/wallet/graphql';
import { errorCode, errorMessage } from '../../api/errors';
import { formatRmb } from '../../i18n/format';
import { OrderStatusBadge } from './labels';
import { useWalletMessages } from './messages';
import { useRequeryOn } from './requery';

/** The query parameter naming the order that the payment page returned from (`/wallet?order=...`). */
export const RETURNED_ORDER_PARAM = 'order';

/**
 * The order the payer comes back from: its state as the API has it, asked again whenever the
 * balance changes (the payment's callback may arrive after the payer does).
 */
export function ReturnedOrder({ refresh }: { refresh: number }) {
  const [params, setParams] = useSearchParams();
  const number = params.get(RETURNED_ORDER_PARAM);
  if (!number) return null;
  return <OrderState number={number} refresh={refresh} dismiss={() => setParams({}, { replace: true })} />;
}

function OrderState({ number, refresh, dismiss }: { number: string; refresh: number; dismiss: () => void }) {
  const t = useWalletMessages();
  const [{ data, error, fetching }, reexecute] = useQuery({ query: WalletOrderDocument, variables: { outTradeNo: number } });
  useRequeryOn(refresh, reexecute);
  const order = data?.myTopUp;
  const status = order?.status;

  let body: ReactNode;
  let colour = 'blue.9';
  if (!order && errorCode(error) === 'NOT_FOUND') {
    colour = 'red.9';
    body = <Text size="sm">{t('orderMissing')}</Text>;
  } else if (!order && error) {
    colour = 'red.9';
    body = <Text size="sm">{errorMessage(error, t('offline'))}</Text>;
  } else if (!order) {
    body = <Loader size="sm" aria-label={t('quoteLoading')} />;
  } else if (status === 'credited') {
    colour = 'teal.9';
    body = <Text size="sm">{t('orderCredited', { amount: formatRmb(order.amountRmb) })}</Text>;
  } else if (status === 'expired') {
    colour = 'gray.7';
    body = <Text size="sm">{t('orderExpired')}</Text>;
  } else {
    colour = 'blue.9';
    body = (
      <Group gap="sm">
        <Text size="sm">{status === 'paid' ? t('orderPaid') : t('orderPending')}</Text>
        <Button size="compact-sm" variant="default" loading={fetching} onClick={() => reexecute({ requestPolicy: 'network-only' })}>
          {t('checkAgain')}
        </Button>
      </Group>
    );
  }

  return (
    // Outlined: the title in the state's colour on white keeps its contrast.
    <Alert
      variant="outline"
      color={colour}
      role="status"
      data-testid="returned-order"
      data-status={status ?? ''}
      title={
        <Group gap="xs" wrap="wrap">
          <span style={{ overflowWrap: 'anywhere' }}>{t('orderTitle', { number })}</span>
          {status && <OrderStatusBadge status={status} />}
        </Group>
      }
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={dismiss}
    >
      {body}
    </Alert>
  );
}
