import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Code, CopyButton, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from 'urql';
import { AdminCreateRedemptionCodesDocument, type AdminCreateRedemptionCodesMutation } from '../../../gql/admin-money/graphql';
import { fieldErrors } from '../../../api/errors';
import { toCsv } from '../../../files/csv';
import { formatRmb } from '../../../i18n/format';
import { DownloadButton } from '../shared/DownloadButton';
import { ErrorNotice } from '../shared/ErrorNotice';
import { SectionTitle } from '../shared/SectionTitle';
import { useRedemptionMessages } from './messages';

type Batch = AdminCreateRedemptionCodesMutation['createRedemptionCodes'];

/** A batch's codes as CSV: one row per code, with the batch and the amount. */
function csvOf(batch: Batch, name: string): string {
  return toCsv(
    ['code', 'amount_rmb', 'batch', 'name'],
    batch.codes.map((code) => [code, batch.amountRmb, batch.batchId, name]),
  );
}

/** The codes just made, shown once, to copy or download. */
function BatchCodes({ batch, name }: { batch: Batch; name: string }) {
  const t = useRedemptionMessages();
  const text = `${batch.codes.join('\n')}\n`;
  return (
    <Alert color="teal" role="status">
      <Stack gap="sm">
        <Text size="sm" fw={700}>
          {t('created', { count: batch.codes.length, amount: formatRmb(batch.amountRmb), batch: batch.batchId })}
        </Text>
        <Group gap="xs">
          <DownloadButton text={csvOf(batch, name)} fileName={`redemption-codes-${batch.batchId}.csv`} type="text/csv;charset=utf-8" label={t('download')} />
          <DownloadButton text={text} fileName={`redemption-codes-${batch.batchId}.txt`} type="text/plain" label={t('downloadText')} />
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Code block aria-label={t('codes')} data-testid="redemption-codes" style={{ maxHeight: 320, overflow: 'auto' }}>
          {batch.codes.join('\n')}
        </Code>
      </Stack>
    </Alert>
  );
}

/** Makes a batch of single-use codes (count, amount, name) and shows them once with a download. */
export function RedemptionSection() {
  const t = useRedemptionMessages();
  const [count, setCount] = useState<number | string>(10);
  const [amount, setAmount] = useState('');
  const [name, setName] = useState('');
  const [{ data, fetching, error }, create] = useMutation(AdminCreateRedemptionCodesDocument);
  const [batchName, setBatchName] = useState('');
  const fields = fieldErrors(error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ count: Number(count), amountRmb: amount.trim(), name: name.trim() });
    if (result.data) setBatchName(name.trim());
  };

  return (
    <Stack gap="md">
      <SectionTitle>{t('title')}</SectionTitle>
      <Text size="sm">{t('intro')}</Text>
      <Card withBorder component="form" onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput label={t('count')} value={count} onChange={setCount} error={fields.count} allowDecimal={false} min={1} required />
            <TextInput label={t('amount')} description={t('amountHint')} value={amount} onChange={(e) => setAmount(e.currentTarget.value)} error={fields.amountRmb} required inputMode="decimal" />
            <TextInput label={t('name')} description={t('nameHint')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={fields.name} />
          </SimpleGrid>
          {!fields.count && !fields.amountRmb && !fields.name && <ErrorNotice error={error} />}
          <Group justify="flex-end">
            <Button type="submit" loading={fetching}>
              {t('submit')}
            </Button>
          </Group>
        </Stack>
      </Card>
      {data && <BatchCodes batch={data.createRedemptionCodes} name={batchName} />}
    </Stack>
  );
}
