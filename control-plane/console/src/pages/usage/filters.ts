import type { UsageFilter } from '../../gql/usage/graphql';

/** The filters as the form holds them: ids and names, or null for "all"; days as `YYYY-MM-DD` (local), '' for open-ended. */
export interface UsageFilterForm {
  tokenId: string | null;
  model: string | null;
  group: string | null;
  fromDay: string;
  toDay: string;
}

/** Days shown by default: this one and the six before it. */
const DEFAULT_DAYS = 7;

/** `YYYY-MM-DD` of a moment in the viewer's zone. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day `n` days after `day` (`YYYY-MM-DD`; calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The last week, every token, model and group. */
export function defaultFilterForm(now = new Date()): UsageFilterForm {
  const today = localDay(now);
  return { tokenId: null, model: null, group: null, fromDay: addDays(today, -(DEFAULT_DAYS - 1)), toDay: today };
}

/** Local midnight at the start of `day`, as an ISO moment. */
function startOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
}

/** True when the days are set the wrong way round. */
export function rangeInvalid(form: UsageFilterForm): boolean {
  return !!form.fromDay && !!form.toDay && form.fromDay > form.toDay;
}

/**
 * The API's filter for the form: the days are whole days in the viewer's zone, the last one
 * included (`to` is the next day's midnight, which the API excludes).
 */
export function toApiFilter(form: UsageFilterForm): UsageFilter {
  return {
    tokenId: form.tokenId,
    model: form.model,
    group: form.group,
    from: form.fromDay ? startOf(form.fromDay) : null,
    to: form.toDay ? startOf(addDays(form.toDay, 1)) : null,
  };
}
