import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { AdminExchangeRateDocument, AdminSetExchangeRateDocument } from '../../../gql/admin-money/graphql';
import { fieldErrors } from '../../../api/errors';
import { formatDateTime } from '../../../i18n/format';
import { PageLoader } from '../../../app/guards';
import { accountPath } from '../accounts/paths';
import { ErrorNotice } from '../shared/ErrorNotice';
import { SectionTitle } from '../shared/SectionTitle';
import { useExchangeRateMessages } from './messages';
import { useNotify } from '../shared/notify';

/** The rate in force, a form for a new one with a note, and the history of changes. */
export function ExchangeRateSection() {
  const t = useExchangeRateMessages();
  const notify = useNotify();
  const [{ data, fetching, error }, reexecute] = useQuery({ query: AdminExchangeRateDocument });
  const [saving, setRate] = useMutation(AdminSetExchangeRateDocument);
  const [rate, setRateText] = useState('');
  const [note, setNote] = useState('');
  const fields = fieldErrors(saving.error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await setRate({ rate: rate.trim(), note: note.trim() });
    if (result.data) {
      notify(t('done', { rate: result.data.setExchangeRate.rate }));
      setRateText('');
      setNote('');
      reexecute({ requestPolicy: 'network-only' });
    }
  };

  return (
    <Stack gap="md">
      <SectionTitle>{t('title')}</SectionTitle>
      <ErrorNotice error={error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />
      {!data && fetching && <PageLoader />}
      {data && (
        <Card withBorder>
          <Text size="xs" c="dimmed">
            {t('current')}
          </Text>
          <Text size="xl" fw={700} data-testid="current-rate">
            {t('perUsd', { rate: data.exchangeRate.rate })}
          </Text>
          <Text size="sm" c="dimmed">
            {data.exchangeRate.setBy ? t('since', { date: formatDateTime(data.exchangeRate.setAt) }) : t('builtIn')}
            {data.exchangeRate.note && ` · ${data.exchangeRate.note}`}
          </Text>
        </Card>
      )}
      <Card withBorder component="form" onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={4}>{t('setNew')}</Title>
          <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
            <TextInput label={t('rate')} description={t('rateHint')} value={rate} onChange={(e) => setRateText(e.currentTarget.value)} error={fields.rate} required inputMode="decimal" miw={200} />
            <TextInput label={t('note')} description={t('noteHint')} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={fields.note} miw={200} />
          </Group>
          {!fields.rate && !fields.note && <ErrorNotice error={saving.error} />}
          <Group justify="flex-end">
            <Button type="submit" loading={saving.fetching}>
              {t('submit')}
            </Button>
          </Group>
        </Stack>
      </Card>
      {data && (
        <>
          <Title order={4}>{t('history')}</Title>
          {data.exchangeRateHistory.length === 0 ? (
            <Text size="sm">{t('noHistory')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('setAt')}</Table.Th>
                    <Table.Th ta="right">{t('rate')}</Table.Th>
                    <Table.Th>{t('note')}</Table.Th>
                    <Table.Th>{t('setBy')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.exchangeRateHistory.map((r) => (
                    <Table.Tr key={`${r.setAt} ${r.rate}`}>
                      <Table.Td>{formatDateTime(r.setAt)}</Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {r.rate}
                      </Table.Td>
                      <Table.Td>{r.note}</Table.Td>
                      <Table.Td>
                        {r.setBy ? (
                          <Anchor component={Link} to={accountPath(r.setBy)} ff="monospace" size="sm">
                            {r.setBy.slice(0, 8)}
                          </Anchor>
                        ) : (
                          t('builtIn')
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}
