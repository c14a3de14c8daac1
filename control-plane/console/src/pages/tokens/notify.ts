import { notifications, type NotificationData } from '@mantine/notifications';
import { useTokensMessages } from './messages';

/** Shows a notice of the tokens page; its close button is named, so screen readers can say what it does. */
export function useTokenNotices(): (notice: NotificationData) => void {
  const t = useTokensMessages();
  return (notice) => void notifications.show({ ...notice, closeButtonProps: { 'aria-label': t('close') } });
}
