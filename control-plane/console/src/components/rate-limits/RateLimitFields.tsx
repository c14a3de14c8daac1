import { Fieldset, SimpleGrid, Text, TextInput } from '@mantine/core';
import { LIMIT_KINDS, type LimitTexts } from './limits';
import { useRateLimitMessages } from './messages';

/** A token's use in its current window, as GraphQL's `RateUse` gives it. */
export interface RateUse {
  requestsThisMinute: number;
  tokensThisMinute: number;
  inFlight: number;
}

interface RateLimitFieldsProps {
  values: LimitTexts;
  onChange(values: LimitTexts): void;
  /** Errors by kind: the API's (`limits.rpm`...) or the form's own. */
  errors: Partial<Record<keyof LimitTexts, string>>;
  /** Shown under the fields, e.g. the account's limits that bound a token's. */
  description?: string;
  /** Current use, when known (a token being edited). */
  use?: RateUse | null;
}

/** Requests per minute, tokens per minute and concurrent requests; empty for none. */
export function RateLimitFields({ values, onChange, errors, description, use }: RateLimitFieldsProps) {
  const t = useRateLimitMessages();
  return (
    <Fieldset legend={t('title')} variant="unstyled">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {LIMIT_KINDS.map((kind) => (
          <TextInput
            key={kind}
            label={t(kind)}
            inputMode="numeric"
            value={values[kind]}
            onChange={(e) => onChange({ ...values, [kind]: e.currentTarget.value })}
            error={errors[kind]}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4}>
        {description ?? t('hint')}
      </Text>
      {use && (
        <Text size="sm" mt={4} data-testid="rate-use">
          {t('use', { requests: use.requestsThisMinute, tokens: use.tokensThisMinute, inFlight: use.inFlight })}
        </Text>
      )}
    </Fieldset>
  );
}

/** Errors of the fields: the form's own first (`invalid`), then the API's (`limits.<kind>`). */
export function limitErrors(invalid: readonly (keyof LimitTexts)[], fields: Record<string, string>, message: string): Partial<Record<keyof LimitTexts, string>> {
  return Object.fromEntries(LIMIT_KINDS.map((kind) => [kind, invalid.includes(kind) ? message : fields[`limits.${kind}`]]).filter(([, e]) => e));
}
