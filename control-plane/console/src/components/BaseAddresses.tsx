import { Button, Code, CopyButton, Group, Table, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { ServerInfoDocument } from '../gql/server-info/graphql';
import { defineMessages } from '../i18n/i18n';
import { FORMAT_BASES, baseAddressFor } from '../api/format-bases';

const useMessages = defineMessages(
  'baseAddresses',
  {
    format: 'Format',
    node: 'Node',
    address: 'Base address to configure',
    copy: 'Copy',
    copied: 'Copied',
    chat: 'Chat Completions (OpenAI SDKs)',
    responses: 'Responses (Codex CLI, OpenAI SDKs)',
    messages: 'Messages (Claude Code, Anthropic SDKs)',
    gemini: 'generateContent (Gemini CLI, Google Gen AI SDK)',
    withV1: 'ends in /v1: the client adds the rest of the path',
    withoutV1: 'no /v1: the client adds /v1 or /v1beta itself',
  },
  {
    format: '格式',
    node: '节点',
    address: '要填写的接口地址',
    copy: '复制',
    copied: '已复制',
    chat: 'Chat Completions（OpenAI SDK）',
    responses: 'Responses（Codex CLI、OpenAI SDK）',
    messages: 'Messages（Claude Code、Anthropic SDK）',
    gemini: 'generateContent（Gemini CLI、Google Gen AI SDK）',
    withV1: '以 /v1 结尾：客户端补全其余路径',
    withoutV1: '不带 /v1：客户端自行添加 /v1 或 /v1beta',
  },
);

/** For each node and format, the base address to configure, with a copy button. */
export function BaseAddresses() {
  const t = useMessages();
  const [{ data }] = useQuery({ query: ServerInfoDocument });
  const nodes = data?.serverInfo.nodes ?? [];
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('format')}</Table.Th>
            <Table.Th>{t('node')}</Table.Th>
            <Table.Th>{t('address')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {FORMAT_BASES.flatMap((f) =>
            nodes.map((node) => {
              const address = baseAddressFor(node.baseUrl, f.withV1);
              return (
                <Table.Tr key={`${f.format}-${node.name}`}>
                  <Table.Td>
                    <Text size="sm">{t(f.key)}</Text>
                    <Text size="xs" c="dimmed">
                      {t(f.withV1 ? 'withV1' : 'withoutV1')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{node.name}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Code>{address}</Code>
                      <CopyButton value={address}>
                        {({ copied, copy }) => (
                          <Button variant="default" size="compact-xs" onClick={copy} aria-label={`${t('copy')} ${address}`}>
                            {copied ? t('copied') : t('copy')}
                          </Button>
                        )}
                      </CopyButton>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            }),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
