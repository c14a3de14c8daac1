import { formatCount } from '../../i18n/format';
import { useAvailabilityMessages } from './messages';

/** "1,234 requests" (or "No requests"): how many upstream attempts a rate rests on. */
export function useRequestCount(): (requests: number) => string {
  const t = useAvailabilityMessages();
  return (requests) => (requests === 0 ? t('noRequests') : requests === 1 ? t('oneRequest') : t('requests', { n: formatCount(requests) }));
}
