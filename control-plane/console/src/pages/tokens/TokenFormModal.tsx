import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TagsInput, TextInput } from '@mantine/core';
import { useMutation, useQuery, type CombinedError } from 'urql';
import { TokensCreateDocument, TokensRateUseDocument, TokensUpdateDocument, type TokensRowFragment } from '../../gql/tokens/graphql';
import { invalidLimits } from '../../components/rate-limits/limits';
import { RateLimitFields, limitErrors } from '../../components/rate-limits/RateLimitFields';
import { useRateLimitMessages } from '../../components/rate-limits/messages';
import { errorMessage, fieldErrors } from '../../api/errors';
import { EMPTY_FORM, createInput, formOf, groupsOf, updateInput, type TokenFormValues } from './form';
import { FormatWarning } from './FormatWarning';
import { GroupPicker, type PickerGroup } from './GroupPicker';
import { useTokensMessages } from './messages';

interface TokenFormModalProps {
  /** The token to edit; absent to create one. */
  token?: TokensRowFragment;
  groups: readonly PickerGroup[];
  onClose(): void;
  onSaved(token: TokensRowFragment): void;
}

/** The account's token cap, when the API refused a new token because the account holds that many already. */
function tokenLimit(error: CombinedError | undefined): number | undefined {
  const refusal = error?.graphQLErrors.find((e) => e.extensions?.reason === 'TOO_MANY_TOKENS');
  return typeof refusal?.extensions?.limit === 'number' ? refusal.extensions.limit : undefined;
}

/** Creates or edits a token (mounted while open): name, groups, expiry, cap and allow-list; the API's errors appear beside their fields. */
export function TokenFormModal({ token, groups, onClose, onSaved }: TokenFormModalProps) {
  const t = useTokensMessages();
  // Mounted for one opening: it starts from the token as it is now, or blank.
  const [values, setValues] = useState<TokenFormValues>(() => (token ? formOf(token) : EMPTY_FORM));
  const [created, create] = useMutation(TokensCreateDocument);
  const [updated, update] = useMutation(TokensUpdateDocument);
  const [error, setError] = useState<typeof created.error>();
  const tl = useRateLimitMessages();
  // The token's use this minute, across every node (only when editing).
  const [use] = useQuery({ query: TokensRateUseDocument, variables: { id: token?.id ?? '' }, pause: !token, requestPolicy: 'network-only' });
  const invalid = invalidLimits(values.limits);
  const [checked, setChecked] = useState(false);

  const set = (change: Partial<TokenFormValues>) => setValues((v) => ({ ...v, ...change }));
  const fields = fieldErrors(error);
  const limit = tokenLimit(error);
  const general = limit !== undefined ? t('tooManyTokens', { limit }) : error && Object.keys(fields).length === 0 ? errorMessage(error, t('offline')) : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (invalid.length > 0) return;
    const result = token ? await update({ id: token.id, input: updateInput(formOf(token), values) }) : await create({ input: createInput(values) });
    setError(result.error);
    const saved = result.data && ('createToken' in result.data ? result.data.createToken : result.data.updateToken);
    if (saved) onSaved(saved);
  };

  return (
    <Modal opened onClose={onClose} title={token ? t('editTitle') : t('createTitle')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label={t('name')} value={values.name} onChange={(e) => set({ name: e.currentTarget.value })} error={fields.name} maxLength={64} data-autofocus />
          <GroupPicker groups={groups} main={values.main} fallbacks={values.fallbacks} onChange={(main, fallbacks) => set({ main, fallbacks })} error={fields.groups} />
          <FormatWarning chosen={groupsOf(values)} groups={groups} />
          <TextInput
            type="datetime-local"
            label={t('expiresAt')}
            description={t('expiresHint')}
            value={values.expiresAt}
            onChange={(e) => set({ expiresAt: e.currentTarget.value })}
            error={fields.expiresAt}
          />
          <TextInput
            label={t('spendCap')}
            description={t('spendCapHint')}
            inputMode="decimal"
            value={values.spendCap}
            onChange={(e) => set({ spendCap: e.currentTarget.value })}
            error={fields.spendCap}
          />
          <TagsInput
            label={t('modelAllowList')}
            description={t('modelAllowListHint')}
            value={values.models}
            onChange={(models) => set({ models })}
            error={fields.modelAllowList}
            comboboxProps={{ withinPortal: true }}
          />
          <RateLimitFields
            values={values.limits}
            onChange={(limits) => set({ limits })}
            errors={limitErrors(checked ? invalid : [], fields, tl('wholeNumber'))}
            description={t('limitsHint')}
            use={use.data?.token.rateUse}
          />
          {general && (
            <Alert color="red" role="alert">
              {general}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={created.fetching || updated.fetching}>
              {token ? t('save') : t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
