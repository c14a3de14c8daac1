import { useState } from 'react';
import { useClient, useMutation } from 'urql';
import { TokensDisableDocument, TokensEnableDocument } from '../../gql/tokens/graphql';
import { TokenKeyRevealDocument } from '../../gql/token-key/graphql';
import { errorMessage } from '../../api/errors';
import type { TokenRow } from './TokenParts';
import { useTokensMessages } from './messages';
import { useTokenNotices } from './notify';

/** Copying a key and switching a token off and on, with what the user is told about each. */
export function useTokenActions() {
  const t = useTokensMessages();
  const notify = useTokenNotices();
  const client = useClient();
  const [, disable] = useMutation(TokensDisableDocument);
  const [, enable] = useMutation(TokensEnableDocument);
  /** A key the clipboard refused, shown for copying by hand. */
  const [manualCopy, setManualCopy] = useState<{ name: string; key: string } | null>(null);

  const fail = (message: string) => notify({ color: 'red', message });

  const copy = async (token: TokenRow) => {
    // The key is fetched when asked for, never kept in the list.
    const result = await client.query(TokenKeyRevealDocument, { id: token.id }, { requestPolicy: 'network-only' }).toPromise();
    if (!result.data) return fail(errorMessage(result.error, t('offline')) ?? t('offline'));
    try {
      await navigator.clipboard.writeText(result.data.tokenKey);
      notify({ color: 'green', message: t('keyCopied', { name: token.name }) });
    } catch {
      setManualCopy({ name: token.name, key: result.data.tokenKey });
    }
  };

  const toggle = async (token: TokenRow) => {
    const active = token.status === 'ACTIVE';
    const result = active ? await disable({ id: token.id }) : await enable({ id: token.id });
    if (result.error) return fail(errorMessage(result.error, t('offline')) ?? t('offline'));
    notify({ message: t(active ? 'disabledNotice' : 'enabledNotice', { name: token.name }) });
  };

  return { copy, toggle, manualCopy, closeManualCopy: () => setManualCopy(null) };
}
