import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, type CombinedError } from 'urql';
import { WalletRedeemDocument } from '../../gql/wallet/graphql';
import { errorMessage, fieldErrors } from '../../api/errors';
import { formatRmb } from '../../i18n/format';
import { useWalletMessages } from './messages';

/** Why the API refused a code (`extensions.reason` of `redeemCode`'s BAD_USER_INPUT). */
function refusal(error: CombinedError | undefined): string | undefined {
  const reason = error?.graphQLErrors[0]?.extensions?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** Redeems a redemption code; an unknown or used code is said so next to the field. */
export function RedeemCard({ onRedeemed }: { onRedeemed: () => void }) {
  const t = useWalletMessages();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const [{ fetching }, redeem] = useMutation(WalletRedeemDocument);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(undefined);
    setFormError(undefined);
    if (!code.trim()) {
      setCodeError(t('codeRequired'));
      return;
    }
    const result = await redeem({ code: code.trim() });
    if (result.data) {
      setCode('');
      setDone(t('redeemed', { balance: formatRmb(result.data.redeemCode.balanceRmb) }));
      onRedeemed();
      return;
    }
    const reason = refusal(result.error);
    if (reason === 'UNKNOWN_CODE') setCodeError(t('codeUnknown'));
    else if (reason === 'ALREADY_REDEEMED') setCodeError(t('codeUsed'));
    else if (fieldErrors(result.error).code) setCodeError(fieldErrors(result.error).code);
    else setFormError(errorMessage(result.error, t('offline')));
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="wallet-redeem-title">
      <Title order={3} size="h4" id="wallet-redeem-title" mb="sm">
        {t('redeemSection')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('code')}
            description={t('codeHint')}
            autoComplete="off"
            spellCheck={false}
            value={code}
            error={codeError}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setCodeError(undefined);
            }}
          />
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          {done && (
            <Alert color="green" role="status" data-testid="redeem-done">
              {done}
            </Alert>
          )}
          <Button type="submit" variant="light" loading={fetching}>
            {t('redeem')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
