import { Alert, Button, Text } from '@mantine/core';
import { useMutation } from 'urql';
import { AdminImportModelCatalogDocument } from '../../../gql/admin-models/graphql';
import { formatCount } from '../../../i18n/format';
import { ErrorNotice } from '../shared/ErrorNotice';
import { MODEL_LISTS } from './lists';
import { useModelsMessages } from './messages';

/** The "import catalog" button and, once run, what the import did. */
export function useCatalogImport() {
  const t = useModelsMessages();
  const [{ data, fetching, error }, run] = useMutation(AdminImportModelCatalogDocument);
  const button = (
    <Button variant="default" loading={fetching} onClick={() => void run({}, MODEL_LISTS)}>
      {t('import')}
    </Button>
  );
  const r = data?.importModelCatalog;
  const outcome = (
    <>
      <ErrorNotice error={error} />
      {r && (
        <Alert color="teal" role="status" data-testid="import-result">
          <Text size="sm">
            {t('importResult', { total: formatCount(r.total), created: formatCount(r.created), updated: formatCount(r.updated), keptManual: formatCount(r.keptManual), skipped: formatCount(r.skipped) })}
          </Text>
        </Alert>
      )}
    </>
  );
  return { button, outcome };
}
