import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useAdminMessages } from '../messages';

/** Shows that something was done (a short notice that closes by itself; its close button is named). */
export function useNotify(): (message: string, color?: string) => void {
  const t = useAdminMessages();
  return useCallback((message: string, color = 'teal') => void notifications.show({ color, message, closeButtonProps: { 'aria-label': t('close') } }), [t]);
}
