import { useState, type FormEvent } from 'react';
import { Alert, Code, Group, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useMutation } from 'urql';
import { WIRE_FORMATS } from '../../../../../../shared/formats';
import { AdminTestChannelDocument, type AdminChannelFieldsFragment, type AdminTestChannelMutation } from '../../../gql/admin-channels/graphql';
import { fieldErrors } from '../../../api/errors';
import { formatCount } from '../../../i18n/format';
import { ErrorNotice } from '../shared/ErrorNotice';
import { FormButtons } from '../shared/FormButtons';
import { useChannelsMessages } from './messages';
import { AdminModal } from '../shared/AdminModal';
import { StateTag } from '../shared/StateTag';

type TestResult = AdminTestChannelMutation['testChannel'];

/** The format choice that leaves it to the API: the channel kind's own format. */
const NATIVE = 'native';

/** One figure of a test result. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}

function TestOutcome({ result }: { result: TestResult }) {
  const t = useChannelsMessages();
  const ms = (value: number | null | undefined) => (value == null ? t('notSent') : t('ms', { ms: formatCount(value) }));
  return (
    <Stack gap="sm" data-testid="channel-test-result" aria-live="polite">
      <Group gap="xs">
        <StateTag tone={result.ok ? 'green' : 'red'} size="lg">
          {result.ok ? t('testOk') : t('testFailed')}
        </StateTag>
        <Text size="sm" c="dimmed">
          {result.model} · {result.format}
          {result.stream ? ` · ${t('stream')}` : ''}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Figure label={t('latency')} value={ms(result.latencyMs)} />
        {result.stream && <Figure label={t('firstByte')} value={ms(result.firstByteMs)} />}
        <Figure label={t('httpStatus')} value={result.status == null ? '—' : String(result.status)} />
      </SimpleGrid>
      {result.sample && (
        <div>
          <Text size="xs" c="dimmed">
            {t('answer')}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {result.sample}
          </Code>
        </div>
      )}
      {result.error && (
        <Alert color="red">
          <Text size="sm" fw={700}>
            {t('error')}
          </Text>
          <Text size="sm">{result.error}</Text>
        </Alert>
      )}
    </Stack>
  );
}

function TestForm({ channel, onDone }: { channel: AdminChannelFieldsFragment; onDone(): void }) {
  const t = useChannelsMessages();
  const [format, setFormat] = useState(NATIVE);
  const [stream, setStream] = useState(false);
  const [model, setModel] = useState<string | null>(channel.models[0]?.model ?? null);
  const [{ data, fetching, error }, run] = useMutation(AdminTestChannelDocument);
  const fields = fieldErrors(error);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run({ id: channel.id, format: format === NATIVE ? null : format, stream, model });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('testHint')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('format')}
            value={format}
            onChange={(f) => f && setFormat(f)}
            data={[{ value: NATIVE, label: t('nativeFormat') }, ...WIRE_FORMATS.map((f) => ({ value: f, label: f }))]}
            error={fields.format}
            allowDeselect={false}
          />
          <Select label={t('model')} value={model} onChange={setModel} data={channel.models.map((m) => m.model)} error={fields.model} searchable allowDeselect={false} />
        </SimpleGrid>
        <Switch label={t('stream')} checked={stream} onChange={(e) => setStream(e.currentTarget.checked)} />
        {!fields.format && !fields.model && <ErrorNotice error={error} />}
        {data && <TestOutcome result={data.testChannel} />}
        <FormButtons submitLabel={t('runTest')} busy={fetching} onLeave={onDone} leave="close" />
      </Stack>
    </form>
  );
}

/** Sends one real request through a channel in a chosen format, stream mode and model, and shows latency, answer and error. */
export function ChannelTestDialog({ channel, onClose }: { channel: AdminChannelFieldsFragment | null; onClose(): void }) {
  const t = useChannelsMessages();
  return (
    <AdminModal opened={channel !== null} onClose={onClose} title={t('testTitle', { name: channel?.name ?? '' })} size="lg">
      {channel && <TestForm channel={channel} onDone={onClose} />}
    </AdminModal>
  );
}
