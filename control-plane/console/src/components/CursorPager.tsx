import { useCallback, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { defineMessages } from '../i18n/i18n';

const usePagerMessages = defineMessages(
  'pager',
  { previous: 'Previous page', next: 'Next page', page: 'Page {{n}}', pages: 'Pages' },
  { previous: '上一页', next: '下一页', page: '第 {{n}} 页', pages: '分页' },
);

/** Where a cursor-paged list stands: the `after` to ask with, and how to move. */
export interface CursorPages {
  /** The cursor of the page shown (null: the first page). */
  after: string | null;
  /** 1 for the first page. */
  page: number;
  /** Moves to the page after the one whose last cursor is `endCursor`. */
  next(endCursor: string): void;
  previous(): void;
  /** Back to the first page. */
  reset(): void;
}

/**
 * Page-by-page navigation over an API list paged with cursors (`first`/`after`): the cursors of
 * the pages passed are kept, so "previous" asks for the same page again. A new `resetKey` (say,
 * a changed filter) starts over from the first page.
 */
export function useCursorPages(resetKey = ''): CursorPages {
  const [state, setState] = useState<{ key: string; cursors: (string | null)[] }>({ key: resetKey, cursors: [null] });
  // A changed key resets during render, so the first page's query is the only one asked.
  const cursors = state.key === resetKey ? state.cursors : [null];
  if (state.key !== resetKey) setState({ key: resetKey, cursors });
  const next = useCallback((endCursor: string) => setState((s) => ({ ...s, cursors: [...s.cursors, endCursor] })), []);
  const previous = useCallback(() => setState((s) => ({ ...s, cursors: s.cursors.length > 1 ? s.cursors.slice(0, -1) : s.cursors })), []);
  const reset = useCallback(() => setState((s) => ({ ...s, cursors: [null] })), []);
  return { after: cursors[cursors.length - 1], page: cursors.length, next, previous, reset };
}

/** Previous/next buttons and the page number under a cursor-paged table. */
export function CursorPager({ pages, endCursor, hasNextPage, disabled }: { pages: CursorPages; endCursor: string | null | undefined; hasNextPage: boolean; disabled?: boolean }) {
  const t = usePagerMessages();
  if (pages.page === 1 && !hasNextPage) return null;
  return (
    <Group justify="flex-end" gap="xs" component="nav" aria-label={t('pages')}>
      <Button variant="default" size="compact-sm" onClick={pages.previous} disabled={disabled || pages.page === 1}>
        {t('previous')}
      </Button>
      <Text size="sm" aria-live="polite">
        {t('page', { n: pages.page })}
      </Text>
      <Button variant="default" size="compact-sm" onClick={() => endCursor && pages.next(endCursor)} disabled={disabled || !hasNextPage || !endCursor}>
        {t('next')}
      </Button>
    </Group>
  );
}
