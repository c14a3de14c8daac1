import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from 'urql';
import { WalletCreateTopUpDocument, WalletQuoteDocument, WalletRateDocument, type WalletQuoteQuery } from '../../gql/wallet/graphql';
import { errorMessage, fieldErrors } from '../../api/errors';
import { formatRmb } from '../../i18n/format';
import { MIN_TOP_UP_USD, topUpAmountProblem } from './amount';
import { PAY_TYPES, useWalletLabels } from './labels';
import { useWalletMessages } from './messages';

/** What the API says an amount costs, or why not yet: shown before paying, never worked out here. */
function Quote({ quote, waiting, loading, error }: { quote: WalletQuoteQuery['topUpQuote'] | undefined; waiting: boolean; loading: boolean; error: string | undefined }) {
  const t = useWalletMessages();
  if (waiting) return <Text size="sm" c="gray.7">{t('quoteWaiting')}</Text>;
  if (error) return <Text size="sm" c="red.8">{error}</Text>;
  if (loading || !quote) {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{t('quoteLoading')}</Text>
      </Group>
    );
  }
  return (
    <Group gap="xl" data-testid="topup-quote">
      <Stack gap={0}>
        <Text size="sm" c="gray.7">
          {t('youPay')}
        </Text>
        <Text fw={700} fz="xl" data-testid="topup-pay-rmb">
          {formatRmb(quote.payRmb)}
        </Text>
      </Stack>
      <Stack gap={0}>
        <Text size="sm" c="gray.7">
          {t('credited')}
        </Text>
        <Text fw={700} fz="xl" data-testid="topup-credit-rmb">
          {formatRmb(quote.amountRmb)}
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * Top-up in USD: the amount is checked here first (at least the minimum, a plain decimal), the
 * API prices it at the current rate (`topUpQuote`), and paying creates the order and sends the
 * browser to the payment page. When the service has no payment provider, says so instead.
 */
export function TopUpCard({ enabled }: { enabled: boolean | undefined }) {
  const t = useWalletMessages();
  const labels = useWalletLabels();
  const [amount, setAmount] = useState('');
  const [payType, setPayType] = useState<string>(PAY_TYPES[0]);
  const [amountError, setAmountError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [redirecting, setRedirecting] = useState(false);
  const [debounced] = useDebouncedValue(amount.trim(), 300);
  const [{ data: rate }] = useQuery({ query: WalletRateDocument, pause: !enabled });
  const typing = debounced !== amount.trim();
  const quotable = topUpAmountProblem(debounced) === null;
  const [{ data: quoted, error: quoteError, fetching: quoting }] = useQuery({ query: WalletQuoteDocument, variables: { amountUsd: debounced }, pause: !quotable });
  const [{ fetching }, create] = useMutation(WalletCreateTopUpDocument);

  const problemText = (problem: 'invalid' | 'tooSmall') => (problem === 'invalid' ? t('amountInvalid') : t('amountTooSmall', { min: MIN_TOP_UP_USD }));
  // The API's own word on the amount (say, over the largest top-up) shows next to the field too.
  const quoteFieldError = quotable && !typing ? fieldErrors(quoteError).amountUsd : undefined;
  const shownAmountError = amountError ?? quoteFieldError;
  const quote = quotable && !typing && !quoteError ? quoted?.topUpQuote : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const problem = topUpAmountProblem(amount);
    if (problem) {
      setAmountError(problemText(problem));
      return;
    }
    const result = await create({ amountUsd: amount.trim(), payType });
    if (result.data) {
      setRedirecting(true);
      window.location.assign(result.data.createTopUp.payUrl);
      return;
    }
    const fields = fieldErrors(result.error);
    if (fields.amountUsd) setAmountError(fields.amountUsd);
    else setFormError(fields.payType ?? errorMessage(result.error, t('offline')));
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="wallet-topup-title">
      <Title order={3} size="h4" id="wallet-topup-title" mb="sm">
        {t('topUpSection')}
      </Title>
      {enabled === false ? (
        <Alert color="gray" data-testid="topup-disabled">
          <Text size="sm">{t('topUpDisabled')}</Text>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('amountUsd')}
              description={t('amountHint', { min: MIN_TOP_UP_USD })}
              inputMode="decimal"
              autoComplete="off"
              leftSection="$"
              value={amount}
              error={shownAmountError}
              onChange={(e) => {
                setAmount(e.currentTarget.value);
                setAmountError(undefined);
              }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="wallet-paytype-label">
                {t('payType')}
              </Text>
              <SegmentedControl
                aria-labelledby="wallet-paytype-label"
                value={payType}
                onChange={setPayType}
                data={PAY_TYPES.map((p) => ({ value: p, label: labels.payType(p) }))}
                fullWidth
              />
            </Stack>
            <Text size="sm" data-testid="topup-rate">
              {rate ? t('rate', { rate: formatRmb(rate.exchangeRate.rate) }) : t('rateUnknown')}
            </Text>
            <Quote
              quote={quote}
              waiting={!quotable || !!quoteFieldError}
              loading={typing || quoting}
              error={quoteError && !quoteFieldError ? errorMessage(quoteError, t('offline')) : undefined}
            />
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <Button type="submit" loading={fetching || redirecting} disabled={enabled === undefined}>
              {quote ? t('pay', { amount: formatRmb(quote.payRmb) }) : t('payPlain')}
            </Button>
            {redirecting && (
              <Text size="sm" role="status">
                {t('redirecting')}
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Card>
  );
}
