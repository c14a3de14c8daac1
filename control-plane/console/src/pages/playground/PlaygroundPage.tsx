import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { CONSOLE_PATHS } from '../../../../../shared/console-paths';
import { PlaygroundSetupDocument } from '../../gql/playground/graphql';
import { TokenKeyRevealDocument } from '../../gql/token-key/graphql';
import { ServerInfoDocument } from '../../gql/server-info/graphql';
import { generateCall, servedFormats, type WireFormat } from '../../api/model-calls';
import { errorMessage } from '../../api/errors';
import { PageLoader } from '../../app/guards';
import { useFormatNames } from '../../components/format-names';
import { CallResult } from './CallResult';
import { usePlaygroundMessages } from './messages';
import { useCharge } from './useCharge';
import { useModels } from './useModels';
import { usePlaygroundCall } from './usePlaygroundCall';

/** What a new call asks for at most, unless changed: small, as the balance covers the whole of it in advance. */
const DEFAULT_MAX_TOKENS = 256;

/** `value` if it is among `options`, else the first option. */
const pick = <T,>(value: T | null, options: readonly T[]): T | null => (value !== null && options.includes(value) ? value : (options[0] ?? null));

/**
 * The playground (`/playground`): a message sent with one of the viewer's tokens, in a format its
 * groups serve, from the browser straight to a node; the answer streams in, with the route
 * (group, channel kind, request id), the charge once recorded, and the raw request and response.
 */
export function PlaygroundPage() {
  const t = usePlaygroundMessages();
  const formatName = useFormatNames();
  const [setup] = useQuery({ query: PlaygroundSetupDocument, requestPolicy: 'network-only' });
  const [{ data: info }] = useQuery({ query: ServerInfoDocument });
  const [choice, setChoice] = useState<{ tokenId: string | null; format: WireFormat | null; node: string | null; model: string | null }>({ tokenId: null, format: null, node: null, model: null });
  const [message, setMessage] = useState('');
  const [maxTokens, setMaxTokens] = useState(String(DEFAULT_MAX_TOKENS));

  const tokens = (setup.data?.myTokens ?? []).filter((x) => x.status === 'ACTIVE' && !x.expired);
  const token = tokens.find((x) => x.id === choice.tokenId) ?? tokens[0];
  const formats = token ? servedFormats(token.groups, setup.data?.groups ?? []) : [];
  const format = pick(choice.format, formats);
  const nodes = info?.serverInfo.nodes ?? [];
  const node = nodes.find((n) => n.name === choice.node) ?? nodes[0];
  const [keyResult] = useQuery({ query: TokenKeyRevealDocument, variables: { id: token?.id ?? '' }, pause: !token });
  const key = keyResult.data?.tokenKey;
  const listing = useModels(format, node?.baseUrl, key, t('network'));
  const model = pick(choice.model, listing.models);
  const { state: call, send, stop } = usePlaygroundCall(t('network'));
  const finished = call.phase === 'done' || call.phase === 'failed' || call.phase === 'stopped';
  const charge = useCharge(token?.id, finished && call.answered ? call.requestId : undefined);

  if (!setup.data) {
    if (setup.error) return <Alert color="red" role="alert">{errorMessage(setup.error, t('offline'))}</Alert>;
    return <PageLoader />;
  }

  const busy = call.phase === 'waiting' || call.phase === 'streaming';
  const canSend = !!(token && format && node && key && model && message.trim()) && !busy;
  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const prompt = { model, text: message, maxTokens: Math.max(1, Math.floor(Number(maxTokens))) || DEFAULT_MAX_TOKENS, stream: true };
    void send(format, generateCall(format, node.baseUrl, key, prompt), key, token.maskedKey);
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Text size="sm">{t('intro')}</Text>
      {tokens.length === 0 ? (
        <Alert color="yellow">
          <Group justify="space-between">
            <Text size="sm">{t('noTokens')}</Text>
            <Button component={Link} to={CONSOLE_PATHS.tokens} size="compact-sm" variant="white">
              {t('toTokens')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <form onSubmit={onSubmit}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: nodes.length > 1 ? 4 : 3 }} spacing="sm">
              <Select
                label={t('token')}
                data={tokens.map((x) => ({ value: x.id, label: `${x.name} (${x.maskedKey})` }))}
                value={token?.id ?? null}
                onChange={(tokenId) => setChoice((c) => ({ ...c, tokenId }))}
                allowDeselect={false}
              />
              <Select
                label={t('format')}
                data={formats.map((f) => ({ value: f, label: formatName(f) }))}
                value={format}
                onChange={(f) => setChoice((c) => ({ ...c, format: f as WireFormat | null }))}
                allowDeselect={false}
                error={formats.length === 0 ? t('noFormats') : undefined}
              />
              {nodes.length > 1 && (
                <Select label={t('node')} data={nodes.map((n) => n.name)} value={node?.name ?? null} onChange={(n) => setChoice((c) => ({ ...c, node: n }))} allowDeselect={false} />
              )}
              <Select
                label={t('model')}
                data={listing.models}
                value={model}
                onChange={(m) => setChoice((c) => ({ ...c, model: m }))}
                searchable
                allowDeselect={false}
                placeholder={listing.loading ? t('modelsLoading') : undefined}
                error={
                  keyResult.error
                    ? t('keyFailed', { message: errorMessage(keyResult.error, t('offline')) ?? '' })
                    : listing.error
                      ? t('modelsFailed', { message: listing.error })
                      : !listing.loading && key && listing.models.length === 0
                        ? t('noModels')
                        : undefined
                }
              />
            </SimpleGrid>
            <Textarea
              label={t('message')}
              description={t('messageHint')}
              placeholder={t('messagePlaceholder')}
              autosize
              minRows={3}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onSubmit();
              }}
            />
            <Group justify="space-between" align="flex-end">
              <TextInput
                type="number"
                inputMode="numeric"
                label={t('maxTokens')}
                value={maxTokens}
                onChange={(e) => setMaxTokens(e.currentTarget.value)}
                min={1}
                step={1}
                w={180}
              />
              <Group gap="xs">
                {busy && (
                  <Button variant="default" onClick={stop}>
                    {t('stop')}
                  </Button>
                )}
                <Button type="submit" disabled={!canSend} loading={busy}>
                  {t('send')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
      <CallResult call={call} charge={charge} />
    </Stack>
  );
}
