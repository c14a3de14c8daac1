import { currentLang } from './i18n';

const locale = () => (currentLang() === 'zh' ? 'zh-CN' : 'en-US');

/** Groups the integer digits of a decimal string without going through a float (money stays exact). */
function groupDigits(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [int, frac] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

/** An RMB amount as the API gives it (a decimal string), to its full precision: "¥1,234.500000". */
export function formatRmb(decimal: string | null | undefined): string {
  if (decimal == null) return '—';
  return decimal.startsWith('-') ? `-¥${groupDigits(decimal.slice(1))}` : `¥${groupDigits(decimal)}`;
}

/** A USD amount as entered or priced (a decimal string): "$10.00". */
export function formatUsd(decimal: string | null | undefined): string {
  if (decimal == null) return '—';
  return decimal.startsWith('-') ? `-$${groupDigits(decimal.slice(1))}` : `$${groupDigits(decimal)}`;
}

/** A moment in the viewer's time zone and language. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A day in the viewer's language. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(new Date(iso));
}

/** A plain count: "12,345" (a bigint too, exactly). */
export function formatCount(n: number | bigint): string {
  return new Intl.NumberFormat(locale()).format(n);
}

/** A number with at most `digits` significant digits, for chart axes: "0.0000213", "1.23", "12,300". */
export function formatSignificant(n: number, digits = 3): string {
  return new Intl.NumberFormat(locale(), { maximumSignificantDigits: digits }).format(n);
}

/** A rate in [0, 1] as a percentage with `digits` decimals: "99.95 %". */
export function formatPercent(rate: number | null | undefined, digits = 2): string {
  if (rate == null) return '—';
  return new Intl.NumberFormat(locale(), { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(rate);
}

/** A time of day with seconds in the viewer's time zone and language: "10:32:15". */
export function formatTime(moment: number | string): string {
  return new Intl.DateTimeFormat(locale(), { timeStyle: 'medium' }).format(new Date(moment));
}

/** A UTC day (as daily figures name their day, at midnight UTC) in the viewer's language, not shifted into the viewer's zone. */
export function formatUtcDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}
