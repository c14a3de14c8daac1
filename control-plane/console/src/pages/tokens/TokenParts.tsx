import { Badge, Button, Group, Text } from '@mantine/core';
import type { TokensRowFragment } from '../../gql/tokens/graphql';
import { formatDateTime, formatRmb } from '../../i18n/format';
import { useTokensMessages } from './messages';

/** A token as the list shows it. */
export type TokenRow = TokensRowFragment;

/** What a row can ask the page to do. */
export interface RowHandlers {
  onEdit(token: TokenRow): void;
  onToggle(token: TokenRow): void;
  onDelete(token: TokenRow): void;
  onCopy(token: TokenRow): void;
}

/** A state in words, dark on the colour's light tint (coloured text, or white on it, falls short of AA contrast). */
function StateBadge({ color, children }: { color: string; children: string }) {
  return (
    <Badge color={color} variant="light" styles={{ root: { color: 'var(--mantine-color-gray-9)' }, label: { color: 'inherit' } }}>
      {children}
    </Badge>
  );
}

/** Active, disabled or expired, in words (the colour only repeats them). */
export function StatusBadge({ token }: { token: TokenRow }) {
  const t = useTokensMessages();
  if (token.expired) return <StateBadge color="red">{t('expired')}</StateBadge>;
  return token.status === 'ACTIVE' ? <StateBadge color="green">{t('active')}</StateBadge> : <StateBadge color="gray">{t('disabled')}</StateBadge>;
}

/** The main group, then the fallbacks in order; or automatic routing. */
export function GroupsCell({ groups }: { groups: string[] }) {
  const t = useTokensMessages();
  if (groups.length === 0) return <Text size="sm" c="dimmed">{t('automatic')}</Text>;
  return (
    <div data-testid="token-groups">
      <Text size="sm">
        <Text span fw={600} inherit>
          {groups[0]}
        </Text>{' '}
        <Text span c="dimmed" inherit>
          ({t('main')})
        </Text>
      </Text>
      {groups.length > 1 && (
        <Text size="xs" c="dimmed">
          {t('fallbacks', { groups: groups.slice(1).join(' › ') })}
        </Text>
      )}
    </div>
  );
}

/** Spent so far against the cap, exactly as the API gives both. */
export function SpendCell({ token }: { token: TokenRow }) {
  const t = useTokensMessages();
  return (
    <div>
      <Text size="sm" data-testid="token-spent">
        {formatRmb(token.spentRmb)}
      </Text>
      <Text size="xs" c="dimmed">
        {token.spendCap ? t('ofCap', { cap: formatRmb(token.spendCap) }) : t('noCap')}
      </Text>
    </div>
  );
}

/** The allow-list, or "any model". */
export function ModelsCell({ models }: { models: string[] | null | undefined }) {
  const t = useTokensMessages();
  return <Text size="sm">{models?.length ? models.join(', ') : t('anyModel')}</Text>;
}

/** The expiry, or "never". */
export function ExpiryText({ token }: { token: TokenRow }) {
  const t = useTokensMessages();
  return <Text size="sm">{token.expiresAt ? formatDateTime(token.expiresAt) : t('never')}</Text>;
}

/** Edit, disable or enable, delete. */
export function RowActions({ token, handlers }: { token: TokenRow; handlers: RowHandlers }) {
  const t = useTokensMessages();
  const active = token.status === 'ACTIVE';
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="subtle" onClick={() => handlers.onEdit(token)} aria-label={t('editToken', { name: token.name })}>
        {t('edit')}
      </Button>
      <Button size="compact-sm" variant="subtle" onClick={() => handlers.onToggle(token)} aria-label={t(active ? 'disableToken' : 'enableToken', { name: token.name })}>
        {t(active ? 'disable' : 'enable')}
      </Button>
      <Button size="compact-sm" variant="subtle" color="red" onClick={() => handlers.onDelete(token)} aria-label={t('deleteToken', { name: token.name })}>
        {t('delete')}
      </Button>
    </Group>
  );
}

/** The copy button at the end of a row: copies the full key. */
export function CopyKeyButton({ token, handlers }: { token: TokenRow; handlers: RowHandlers }) {
  const t = useTokensMessages();
  return (
    <Button size="compact-sm" variant="light" onClick={() => handlers.onCopy(token)} aria-label={t('copyKeyOf', { name: token.name })}>
      {t('copyKey')}
    </Button>
  );
}
