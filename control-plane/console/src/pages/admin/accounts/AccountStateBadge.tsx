import { StateTag } from '../shared/StateTag';
import { useAccountsMessages } from './messages';

/** "Enabled" or "Disabled", in words as well as colour. */
export function AccountStateBadge({ disabled }: { disabled: boolean }) {
  const t = useAccountsMessages();
  return <StateTag tone={disabled ? 'red' : 'green'}>{disabled ? t('disabled') : t('enabled')}</StateTag>;
}
