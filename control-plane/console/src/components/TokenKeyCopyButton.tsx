import { useEffect, useState } from 'react';
import { Button, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useClient } from 'urql';
import { TokenKeyRevealDocument } from '../gql/token-key/graphql';
import { errorMessage } from '../api/errors';
import { defineMessages } from '../i18n/i18n';

const useMessages = defineMessages(
  'tokenKeyCopy',
  {
    copy: 'Copy key',
    copied: 'Copied',
    copiedNotice: 'The key of token {{name}} is on the clipboard.',
    byHand: 'The browser did not allow copying: select the key and copy it',
    offline: 'The server cannot be reached.',
  },
  {
    copy: '复制密钥',
    copied: '已复制',
    copiedNotice: '令牌 {{name}} 的密钥已复制到剪贴板。',
    byHand: '浏览器不允许复制：请选中密钥后手动复制',
    offline: '无法连接服务器。',
  },
);

/** How long the button says "Copied". */
const COPIED_MS = 2000;

/**
 * The copy button of a token whose list shows only the masked key: the full key is asked of
 * `tokenKey` when clicked, so pages never load keys nobody asked for. Where the browser refuses
 * the clipboard (a console served over plain HTTP), the key is shown for copying by hand.
 */
export function TokenKeyCopyButton({ tokenId, tokenName }: { tokenId: string; tokenName: string }) {
  const t = useMessages();
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [byHand, setByHand] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    setBusy(true);
    setError(undefined);
    const r = await client.query(TokenKeyRevealDocument, { id: tokenId }, { requestPolicy: 'network-only' }).toPromise();
    setBusy(false);
    const key = r.data?.tokenKey;
    if (!key) {
      setError(errorMessage(r.error, t('offline')));
      return;
    }
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
    } catch {
      setByHand(key);
    }
  };

  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" size="xs" onClick={copy} aria-busy={busy}>
        {copied ? `✓ ${t('copied')}` : t('copy')}
      </Button>
      <VisuallyHidden role="status">{copied ? t('copiedNotice', { name: tokenName }) : ''}</VisuallyHidden>
      {byHand && <TextInput readOnly w="100%" label={t('byHand')} value={byHand} onFocus={(e) => e.currentTarget.select()} styles={{ input: { fontFamily: 'monospace' } }} />}
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
