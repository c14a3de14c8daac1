import { useState, type FormEvent } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useMutation } from 'urql';
import { AdminAdjustBalanceDocument, type AdminAccountFieldsFragment } from '../../../gql/admin-accounts/graphql';
import { fieldErrors } from '../../../api/errors';
import { formatRmb } from '../../../i18n/format';
import { ErrorNotice } from '../shared/ErrorNotice';
import { FormButtons } from '../shared/FormButtons';
import { newIdempotencyKey } from '../shared/idempotency';
import { useAccountsMessages } from './messages';
import { AdminModal } from '../shared/AdminModal';
import { useNotify } from '../shared/notify';

/** The ledger list is asked again after an adjustment (its entries are not in the mutation's answer). */
const REFRESHES = { additionalTypenames: ['LedgerPage', 'Account'] };

function AdjustForm({ account, onDone }: { account: AdminAccountFieldsFragment; onDone(): void }) {
  const t = useAccountsMessages();
  const notify = useNotify();
  // One key per opened dialog: sending again after a lost answer cannot credit twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [{ fetching, error }, adjust] = useMutation(AdminAdjustBalanceDocument);
  const fields = fieldErrors(error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await adjust({ accountId: account.id, amountRmb: amount.trim(), reason: reason.trim(), idempotencyKey }, REFRESHES);
    if (result.data) {
      notify(t('adjusted', { balance: formatRmb(result.data.adjustBalance.balanceRmb) }));
      onDone();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label={t('amount')} description={t('amountHint')} value={amount} onChange={(e) => setAmount(e.currentTarget.value)} error={fields.amountRmb} required inputMode="decimal" autoComplete="off" data-autofocus />
        <TextInput label={t('reason')} description={t('adjustReasonHint')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={fields.reason} required autoComplete="off" />
        {!fields.amountRmb && !fields.reason && <ErrorNotice error={error} />}
        <FormButtons submitLabel={t('apply')} busy={fetching} onLeave={onDone} />
      </Stack>
    </form>
  );
}

/** Credits or debits an account with a reason (a ledger entry), once per opened dialog. */
export function AdjustBalanceDialog({ opened, account, onClose }: { opened: boolean; account: AdminAccountFieldsFragment; onClose(): void }) {
  const t = useAccountsMessages();
  return (
    <AdminModal opened={opened} onClose={onClose} title={t('adjustTitle', { username: account.username })} centered>
      <AdjustForm account={account} onDone={onClose} />
    </AdminModal>
  );
}
