import { Accordion, Alert, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatCount, formatRmb } from '../../i18n/format';
import type { CallState } from './usePlaygroundCall';
import type { Charge } from './useCharge';
import { usePlaygroundMessages } from './messages';

/** A raw exchange: wrapped, and scrolled within a bounded height (focusable, so the keyboard can scroll it). */
const RAW_STYLE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '24rem', overflowY: 'auto' } as const;

/** One labelled fact of the route. */
function Fact({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Badge variant="light" tt="none" data-testid={testId}>
        {value ?? '—'}
      </Badge>
    </Group>
  );
}

/** The answer as it streams, its route and charge, and the raw exchange (collapsible). */
export function CallResult({ call, charge }: { call: CallState; charge: Charge }) {
  const t = usePlaygroundMessages();
  if (call.phase === 'idle') return null;
  const status = call.phase === 'waiting' ? t('waiting') : call.phase === 'streaming' ? t('streaming') : call.phase === 'stopped' ? t('stopped') : undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="playground-answer">
      <Title order={3} id="playground-answer">
        {t('answer')}
      </Title>
      <Paper withBorder p="sm" aria-busy={call.phase === 'waiting' || call.phase === 'streaming'}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="playground-answer">
          {call.text}
        </Text>
        {status && (
          <Text size="xs" c="dimmed" role="status">
            {status}
          </Text>
        )}
      </Paper>
      {call.error && (
        <Alert color="red" role="alert">
          {t('failed', { message: call.error })}
        </Alert>
      )}
      <Group gap="lg">
        <Fact label={t('group')} value={call.group} testId="route-group" />
        <Fact label={t('channelKind')} value={call.channelKind} testId="route-channel-kind" />
        <Fact label={t('requestId')} value={call.requestId} testId="route-request-id" />
      </Group>
      {call.phase === 'failed' && !call.answered && (
        <Text size="sm" data-testid="playground-not-charged">
          {t('notCharged')}
        </Text>
      )}
      {charge.state !== 'none' && (
        <Group gap={6} align="baseline" data-testid="playground-charge">
          <Text size="sm" c="dimmed">
            {t('charge')}
          </Text>
          {charge.state === 'found' ? (
            <>
              <Text size="sm" fw={600}>
                {formatRmb(charge.record.chargeRmb)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('chargeDetails', { input: formatCount(charge.record.usage.input), output: formatCount(charge.record.usage.output), model: charge.record.model })}
              </Text>
            </>
          ) : (
            <Text size="sm">{charge.state === 'looking' ? t('chargeLooking') : t('chargeMissing')}</Text>
          )}
        </Group>
      )}
      <Accordion multiple variant="contained">
        <Accordion.Item value="request">
          <Accordion.Control>{t('rawRequest')}</Accordion.Control>
          <Accordion.Panel>
            <Code block style={RAW_STYLE} tabIndex={0} data-testid="raw-request">
              {call.rawRequest}
            </Code>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="response">
          <Accordion.Control>{t('rawResponse')}</Accordion.Control>
          <Accordion.Panel>
            <Code block style={RAW_STYLE} tabIndex={0} data-testid="raw-response">
              {`${call.rawHead}\n\n${call.rawBody}`}
            </Code>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
