import type { Client } from 'urql';
import { UsageRecordsDocument, type UsageFilter, type UsageRecordFieldsFragment, type UsageRecordsQuery } from '../../gql/usage/graphql';
import { toCsv, type CsvCell } from '../../files/csv';

/** Records asked for at a time while exporting: as many as the API's query cost limit lets one query of these fields ask for. */
const EXPORT_PAGE = 100;

/** The columns of the export, stable names for tools that read it. */
const HEADER = [
  'time',
  'request_id',
  'token_id',
  'token_name',
  'model',
  'group',
  'channel_kind',
  'node',
  'format',
  'stream',
  'status',
  'http_status',
  'input_tokens',
  'output_tokens',
  'cache_read_tokens',
  'cache_write_5m_tokens',
  'cache_write_1h_tokens',
  'reasoning_tokens',
  'images',
  'video_seconds',
  'unit_size',
  'unit_quality',
  'charge_rmb',
  'exchange_rate',
  'group_multiplier',
  'model_multiplier',
  'latency_ms',
] as const;

function row(r: UsageRecordFieldsFragment, tokenNames: ReadonlyMap<string, string>): CsvCell[] {
  const u = r.usage;
  return [
    r.createdAt,
    r.requestId,
    r.tokenId,
    tokenNames.get(r.tokenId) ?? '',
    r.model,
    r.group,
    r.channelKind,
    r.node,
    r.formatIn,
    r.stream,
    r.status,
    r.httpStatus,
    u.input,
    u.output,
    u.cacheRead,
    u.cacheWrite5m,
    u.cacheWrite1h,
    u.reasoning,
    u.images,
    u.videoSeconds,
    r.unitSize,
    r.unitQuality,
    r.chargeRmb,
    r.exchangeRate,
    r.groupMultiplier,
    r.modelMultiplier,
    r.latencyMs,
  ];
}

/**
 * Every record matching `filter`, fetched page by page (newest first, as the list shows them), as
 * a CSV document. `progress` hears the count so far; an API error stops the export and is thrown.
 */
export async function exportUsageCsv(client: Client, filter: UsageFilter, tokenNames: ReadonlyMap<string, string>, progress: (count: number) => void): Promise<{ csv: string; count: number }> {
  const rows: CsvCell[][] = [];
  let after: string | null = null;
  for (;;) {
    const result = await client.query(UsageRecordsDocument, { filter, first: EXPORT_PAGE, after }, { requestPolicy: 'network-only' }).toPromise();
    if (!result.data) throw result.error ?? new Error('no answer');
    const page: UsageRecordsQuery['myUsage'] = result.data.myUsage;
    for (const r of page.items) rows.push(row(r, tokenNames));
    progress(rows.length);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
    after = page.pageInfo.endCursor;
  }
  return { csv: toCsv(HEADER, rows), count: rows.length };
}
