import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FeeListFilter, ModelKind } from '../../gql/fee-list/graphql';
import { errorMessage, fieldErrors } from '../../api/errors';
import { PageLoader } from '../../app/guards';
import { formatCount } from '../../i18n/format';
import { FeeListCards } from './FeeListCards';
import { FeeListFilters, type FeeFilterValues } from './FeeListFilters';
import { FeeListTable } from './FeeListTable';
import { useFeeListMessages } from './messages';
import { useFeeList } from './useFeeList';

/** The address parameters that hold the filter, so a filtered list can be shared as a link. */
const PARAMS: Record<keyof FeeFilterValues, string> = { search: 'q', vendor: 'vendor', kind: 'kind', group: 'group' };

/** The API's filter: empty choices are left out. */
function apiFilter(values: FeeFilterValues): FeeListFilter {
  return {
    ...(values.search && { search: values.search }),
    ...(values.vendor && { vendor: values.vendor }),
    ...(values.kind && { kind: values.kind as ModelKind }),
    ...(values.group && { group: values.group }),
  };
}

/**
 * The public fee list (`/pricing`): every model with its effective price in each group, as the
 * API prices it, searched and filtered on the server and loaded a page at a time.
 */
export function FeeListPage() {
  const t = useFeeListMessages();
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  const values: FeeFilterValues = {
    search: params.get(PARAMS.search) ?? '',
    vendor: params.get(PARAMS.vendor) ?? '',
    kind: params.get(PARAMS.kind) ?? '',
    group: params.get(PARAMS.group) ?? '',
  };
  const filterKey = JSON.stringify(values);
  const filter = useMemo(() => apiFilter(JSON.parse(filterKey) as FeeFilterValues), [filterKey]);
  const list = useFeeList(filter);

  const onChange = useCallback(
    (change: Partial<FeeFilterValues>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(change) as [keyof FeeFilterValues, string][]) {
            if (value) next.set(PARAMS[key], value);
            else next.delete(PARAMS[key]);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const fields = fieldErrors(list.error);
  const problem = list.error && !fields.search ? errorMessage(list.error, t('offline')) : undefined;
  const rate = list.nodes[0]?.exchangeRate;

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Text size="sm">
        {t('intro')} {rate && t('rate', { rate })}
      </Text>
      <FeeListFilters value={values} onChange={onChange} searchError={fields.search} />
      {problem && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{problem}</Text>
            <Button size="compact-sm" variant="white" color="red" onClick={list.retry}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      )}
      <Box aria-busy={list.fetching} data-testid="fee-results" style={{ opacity: list.fetching && list.nodes.length ? 0.6 : 1 }}>
        {list.totalCount !== null && (
          <Text size="sm" c="gray.7" mb="xs" role="status" data-testid="fee-summary">
            {list.totalCount === 0 ? t('none') : t('showing', { shown: formatCount(list.nodes.length), total: formatCount(list.totalCount) })}
          </Text>
        )}
        {list.nodes.length > 0 && (phone ? <FeeListCards entries={list.nodes} /> : <FeeListTable entries={list.nodes} />)}
        {list.fetching && list.totalCount === null && <PageLoader />}
        {list.nodes.some((n) => n.isDemo) && (
          <Text size="xs" c="gray.7" mt="xs">
            {t('demo')}: {t('demoHint')}
          </Text>
        )}
        {list.hasNextPage && (
          <Center mt="md">
            <Button variant="light" onClick={list.loadMore} loading={list.fetching}>
              {t('loadMore')}
            </Button>
          </Center>
        )}
      </Box>
    </Stack>
  );
}
