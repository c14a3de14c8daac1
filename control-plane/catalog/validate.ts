import { compareDecimal, decimalToString, DECIMAL_ZERO, parseDecimal, DecimalError } from '../../shared/decimal.js';
import { GROUP_FORMATS, isGroupFormat, isWireFormat, WIRE_FORMATS, type GroupFormat, type WireFormat } from '../../shared/formats.js';
import { badInput } from '../graphql/errors.js';

/** Limits of a NUMERIC(precision, scale) column, so a value is refused rather than rounded or overflowed. */
export interface DecimalColumn {
  precision: number;
  scale: number;
}

/** Multipliers and exchange rates: NUMERIC(12,6). */
export const MULTIPLIER_COLUMN: DecimalColumn = { precision: 12, scale: 6 };
/** Prices: NUMERIC(30,18). */
export const PRICE_COLUMN: DecimalColumn = { precision: 30, scale: 18 };

/**
 * Parses a decimal input field and returns its canonical string. Never negative (`parseDecimal`
 * refuses a sign); zero only with `allowZero` (free prices), never for multipliers or rates.
 * BAD_USER_INPUT naming `field` otherwise.
 */
export function decimalInput(field: string, text: string, column: DecimalColumn, options: { allowZero: boolean }): string {
  let value;
  try {
    value = parseDecimal(text, { maxScale: column.scale, label: 'value' });
  } catch (error) {
    if (error instanceof DecimalError) throw badInput(field, error.message.replace(/^value: /, ''));
    throw error;
  }
  const canonical = decimalToString(value);
  const wholeDigits = canonical.split('.')[0].length;
  if (wholeDigits > column.precision - column.scale) throw badInput(field, `at most ${column.precision - column.scale} digits before the decimal point`);
  if (!options.allowZero && compareDecimal(value, DECIMAL_ZERO) === 0) throw badInput(field, 'must be greater than zero');
  return canonical;
}

/** A group's list of formats (wire formats and media endpoints): known, without duplicates, at least one. */
export function formatsInput(field: string, formats: readonly string[]): GroupFormat[] {
  if (formats.length === 0) throw badInput(field, 'at least one format is required');
  const out: GroupFormat[] = [];
  for (const f of formats) {
    if (!isGroupFormat(f)) throw badInput(field, `unknown format "${f}" (known: ${GROUP_FORMATS.join(', ')})`);
    if (out.includes(f)) throw badInput(field, `format "${f}" is listed twice`);
    out.push(f);
  }
  return out;
}

/** One format a group may list. */
export function groupFormatInput(field: string, format: string): GroupFormat {
  if (!isGroupFormat(format)) throw badInput(field, `unknown format "${format}" (known: ${GROUP_FORMATS.join(', ')})`);
  return format;
}

/** One wire format id. */
export function formatInput(field: string, format: string): WireFormat {
  if (!isWireFormat(format)) throw badInput(field, `unknown format "${format}" (known: ${WIRE_FORMATS.join(', ')})`);
  return format;
}

/** An absolute http(s) URL without credentials, query or fragment; returned without a trailing slash. */
export function httpUrlInput(field: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badInput(field, 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badInput(field, 'must be an http or https URL');
  if (url.username || url.password) throw badInput(field, 'must not contain credentials (use the key list)');
  if (url.search || url.hash) throw badInput(field, 'must not contain a query or fragment');
  return url.toString().replace(/\/+$/, '');
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID string: ids that are not cannot exist (and would make PostgreSQL raise). */
export function isUuid(id: string): boolean {
  return UUID_RE.test(id);
}

/** An ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
