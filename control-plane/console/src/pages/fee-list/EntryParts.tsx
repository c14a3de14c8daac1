import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatRmb, formatUsd } from '../../i18n/format';
import { useFeeListMessages } from './messages';
import type { FeeEntry, PriceKind } from './prices';

/** One price of an entry: the RMB price exactly as the API gives it, the official USD price under it. */
export function PriceValue({ entry, kind }: { entry: FeeEntry; kind: PriceKind }) {
  const t = useFeeListMessages();
  const rmb = entry.prices[kind];
  if (rmb == null) {
    return (
      <Text size="sm" c="gray.7">
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('notPriced')}</VisuallyHidden>
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} ff="monospace" data-price={kind}>
        {formatRmb(rmb)}
      </Text>
      <Text size="xs" c="gray.7">
        {t('official', { price: formatUsd(entry.usdPrices[kind]) })}
      </Text>
    </Stack>
  );
}

/** The model: id, aliases, vendor and kind, and whether only the demo channel serves it. */
export function ModelName({ entry }: { entry: FeeEntry }) {
  const t = useFeeListMessages();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} ff="monospace" style={{ wordBreak: 'break-all' }}>
        {entry.modelId}
      </Text>
      {entry.aliases.length > 0 && (
        <Text size="xs" c="gray.7">
          {t('aliases', { aliases: entry.aliases.join(', ') })}
        </Text>
      )}
      <Group gap={4}>
        <Badge size="sm" variant="light" color="gray">
          {entry.vendor}
        </Badge>
        <Badge size="sm" variant="light">
          {t(entry.kind === 'Image' ? 'kindImage' : entry.kind === 'Video' ? 'kindVideo' : 'kindText')}
        </Badge>
        {entry.isDemo && (
          <Badge size="sm" variant="outline" color="orange">
            {t('demo')}
          </Badge>
        )}
      </Group>
      {entry.unitPrices.map((v) => (
        <Text key={`${v.size ?? ''}/${v.quality ?? ''}`} size="xs" data-unit-price={`${v.size ?? ''}/${v.quality ?? ''}`}>
          {t('unitVariant', { what: [v.size, v.quality].filter(Boolean).join(' · '), price: formatRmb(v.rmb), official: t('official', { price: formatUsd(v.usd) }) })}
        </Text>
      ))}
    </Stack>
  );
}

/** The group: its display name and id, its multiplier, and per-request billing when it bills so. */
export function GroupName({ entry }: { entry: FeeEntry }) {
  const t = useFeeListMessages();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {entry.groupDisplayName}
      </Text>
      {entry.groupDisplayName !== entry.group && (
        <Text size="xs" c="gray.7" ff="monospace">
          {entry.group}
        </Text>
      )}
      <Text size="xs">
        {t('groupMultiplier')}: <span data-multiplier="group">×{entry.groupMultiplier}</span>
      </Text>
      {entry.billingKind === 'PerRequest' && (
        <Badge size="sm" variant="light" color="grape">
          {t('perRequestBilling')}
        </Badge>
      )}
    </Stack>
  );
}
