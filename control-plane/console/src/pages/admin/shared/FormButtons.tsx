import { Button, Group } from '@mantine/core';
import { useAdminMessages } from '../messages';

/**
 * The buttons under a dialog's form: one that leaves ("Cancel", or `leave: 'close'` where nothing
 * is undone by leaving), then the submit button, busy while the API works.
 */
export function FormButtons({ submitLabel, busy, onLeave, leave = 'cancel', color }: { submitLabel: string; busy: boolean; onLeave(): void; leave?: 'cancel' | 'close'; color?: string }) {
  const t = useAdminMessages();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onLeave}>
        {t(leave)}
      </Button>
      <Button type="submit" color={color} loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
