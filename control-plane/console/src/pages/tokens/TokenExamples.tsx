import { useState } from 'react';
import { Alert, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { ServerInfoDocument } from '../../gql/server-info/graphql';
import { TokensExampleModelDocument } from '../../gql/tokens/graphql';
import { TokenKeyRevealDocument } from '../../gql/token-key/graphql';
import { BaseAddresses } from '../../components/BaseAddresses';
import { FORMATS, servedFormats, type WireFormat } from '../../api/model-calls';
import { errorMessage } from '../../api/errors';
import { useFormatNames } from '../../components/format-names';
import { ExampleCode } from './ExampleCode';
import { examplesFor } from './examples';
import type { PickerGroup } from './GroupPicker';
import type { TokenRow } from './TokenParts';
import { useTokensMessages } from './messages';

/** Stands in for a model id when the token's main group serves none the fee list knows. */
const MODEL_PLACEHOLDER = 'MODEL_ID';

interface TokenExamplesProps {
  tokens: TokenRow[];
  groups: readonly PickerGroup[];
  selectedId: string | null;
  onSelect(id: string): void;
}

/** For the chosen token: the base addresses to configure, and ready-to-paste calls in each format with its real key. */
export function TokenExamples({ tokens, groups, selectedId, onSelect }: TokenExamplesProps) {
  const t = useTokensMessages();
  const formatName = useFormatNames();
  const token = tokens.find((x) => x.id === selectedId) ?? tokens[0];
  const [{ data: info }] = useQuery({ query: ServerInfoDocument });
  const nodes = info?.serverInfo.nodes ?? [];
  const [nodeName, setNodeName] = useState<string | null>(null);
  const node = nodes.find((n) => n.name === nodeName) ?? nodes[0];
  const [keyResult] = useQuery({ query: TokenKeyRevealDocument, variables: { id: token?.id ?? '' }, pause: !token });
  const [modelResult] = useQuery({ query: TokensExampleModelDocument, variables: { group: token?.groups[0] ?? null }, pause: !token || !!token.modelAllowList?.length });
  if (!token) return null;

  const key = keyResult.data?.tokenKey;
  const model = token.modelAllowList?.[0] ?? modelResult.data?.feeList.nodes[0]?.modelId ?? MODEL_PLACEHOLDER;
  const served = servedFormats(token.groups, groups);

  const panel = (format: WireFormat) => {
    if (!served.includes(format)) return <Alert color="yellow" variant="light">{t('notServed')}</Alert>;
    if (keyResult.error) return <Alert color="red" role="alert">{errorMessage(keyResult.error, t('offline'))}</Alert>;
    if (!key || !node) return <Text size="sm" c="dimmed">{t('keyLoading')}</Text>;
    const examples = examplesFor(format, node.baseUrl, key, model);
    return (
      <Tabs defaultValue="curl" variant="pills">
        <Tabs.List aria-label={t('clients')} mb="xs">
          {examples.map((e) => (
            <Tabs.Tab key={e.id} value={e.id}>
              {e.client}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {examples.map((e) => (
          <Tabs.Panel key={e.id} value={e.id}>
            <ExampleCode example={e} />
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="token-examples-title">
      <Title order={3} id="token-examples-title">
        {t('examplesTitle')}
      </Title>
      <Text size="sm">{t('examplesIntro')}</Text>
      <Group gap="sm" align="flex-end">
        <Select label={t('exampleToken')} data={tokens.map((x) => ({ value: x.id, label: x.name }))} value={token.id} onChange={(id) => id && onSelect(id)} allowDeselect={false} w={260} maw="100%" />
        {nodes.length > 1 && (
          <Select label={t('exampleNode')} data={nodes.map((n) => n.name)} value={node?.name ?? null} onChange={setNodeName} allowDeselect={false} w={200} maw="100%" />
        )}
      </Group>
      <BaseAddresses />
      <Title order={4}>{t('examplesFor')}</Title>
      <Tabs key={token.id} defaultValue={served[0] ?? FORMATS[0]} keepMounted={false}>
        <Tabs.List mb="sm">
          {FORMATS.map((f) => (
            <Tabs.Tab key={f} value={f}>
              {formatName(f)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {FORMATS.map((f) => (
          <Tabs.Panel key={f} value={f}>
            {panel(f)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
