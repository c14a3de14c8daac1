import { Alert, Text } from '@mantine/core';
import { FORMATS, servedFormats } from '../../api/model-calls';
import type { PickerGroup } from './GroupPicker';
import { useTokensMessages } from './messages';

/** A warning when the chosen groups (none: the automatic-routing ones) leave a format unserved, naming what they serve. */
export function FormatWarning({ chosen, groups }: { chosen: string[]; groups: readonly PickerGroup[] }) {
  const t = useTokensMessages();
  const served = servedFormats(chosen, groups);
  const missing = FORMATS.filter((f) => !served.includes(f));
  if (missing.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="format-warning">
      <Text size="sm">{t('formatWarning', { missing: missing.join(', ') })}</Text>
      <Text size="sm">{served.length ? t('formatServes', { served: served.join(', ') }) : t('formatServesNone')}</Text>
    </Alert>
  );
}
