import { useState, type FormEvent } from 'react';
import { Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from 'urql';
import { AdminSetAccountDisabledDocument, type AdminAccountFieldsFragment } from '../../../gql/admin-accounts/graphql';
import { fieldErrors } from '../../../api/errors';
import { ErrorNotice } from '../shared/ErrorNotice';
import { FormButtons } from '../shared/FormButtons';
import { useAccountsMessages } from './messages';
import { AdminModal } from '../shared/AdminModal';
import { useNotify } from '../shared/notify';

function SwitchForm({ account, disabling, onDone }: { account: AdminAccountFieldsFragment; disabling: boolean; onDone(): void }) {
  const t = useAccountsMessages();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [{ fetching, error }, setDisabled] = useMutation(AdminSetAccountDisabledDocument);
  const fields = fieldErrors(error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await setDisabled({ accountId: account.id, disabled: disabling, reason: disabling ? reason.trim() : null });
    if (result.data) {
      notify(disabling ? t('accountDisabled') : t('accountEnabled'));
      onDone();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{disabling ? t('disableHint') : t('enableHint')}</Text>
        {disabling && (
          <Textarea label={t('reason')} description={t('disableReasonHint')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={fields.reason} required autosize minRows={2} maxLength={500} data-autofocus />
        )}
        {!fields.reason && <ErrorNotice error={error} />}
        <FormButtons submitLabel={disabling ? t('disable') : t('enable')} busy={fetching} onLeave={onDone} color={disabling ? 'red' : undefined} />
      </Stack>
    </form>
  );
}

/** Disables an account (`disabling`, with a reason) or enables it again, after saying what that does. */
export function AccountSwitchDialog({ opened, disabling, account, onClose }: { opened: boolean; disabling: boolean; account: AdminAccountFieldsFragment; onClose(): void }) {
  const t = useAccountsMessages();
  return (
    <AdminModal opened={opened} onClose={onClose} title={disabling ? t('disableTitle', { username: account.username }) : t('enableTitle', { username: account.username })} centered>
      <SwitchForm account={account} disabling={disabling} onDone={onClose} />
    </AdminModal>
  );
}
