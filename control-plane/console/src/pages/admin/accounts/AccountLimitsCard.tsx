import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack } from '@mantine/core';
import { useMutation } from 'urql';
import { AdminSetAccountRateLimitsDocument, type AdminAccountFieldsFragment } from '../../../gql/admin-accounts/graphql';
import { fieldErrors } from '../../../api/errors';
import { invalidLimits, limitTexts, limitsInput } from '../../../components/rate-limits/limits';
import { RateLimitFields, limitErrors } from '../../../components/rate-limits/RateLimitFields';
import { useRateLimitMessages } from '../../../components/rate-limits/messages';
import { useAdminMessages } from '../messages';
import { ErrorNotice } from '../shared/ErrorNotice';
import { useNotify } from '../shared/notify';
import { useAccountsMessages } from './messages';

/** An account's rate limits (all its tokens together), which administrators set here. */
export function AccountLimitsCard({ account }: { account: AdminAccountFieldsFragment }) {
  const t = useAccountsMessages();
  const ta = useAdminMessages();
  const tl = useRateLimitMessages();
  const notify = useNotify();
  const [limits, setLimits] = useState(() => limitTexts(account.limits));
  const [checked, setChecked] = useState(false);
  const [{ fetching, error }, save] = useMutation(AdminSetAccountRateLimitsDocument);
  const invalid = invalidLimits(limits);
  const fields = fieldErrors(error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (invalid.length > 0) return;
    const result = await save({ id: account.id, limits: limitsInput(limits) });
    if (!result.error) notify(t('limitsSaved', { name: account.username }));
  };

  return (
    <Card withBorder component="form" onSubmit={onSubmit} noValidate aria-label={tl('title')}>
      <Stack gap="sm">
        <RateLimitFields values={limits} onChange={setLimits} errors={limitErrors(checked ? invalid : [], fields, tl('wholeNumber'))} description={t('limitsHint')} />
        {Object.keys(fields).length === 0 && <ErrorNotice error={error} />}
        <Group justify="flex-end">
          <Button type="submit" loading={fetching}>
            {ta('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
