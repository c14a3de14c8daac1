/** One cell of a CSV file: text as it is, numbers and booleans as written, null as empty. */
export type CsvCell = string | number | boolean | null | undefined;

/** A cell quoted as RFC 4180 asks: in double quotes (doubled inside) when it holds a comma, a quote, a line break or edge spaces. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document: a header row, then the rows, lines ended by CRLF. It starts with a byte-order
 * mark so that spreadsheet programs read it as UTF-8 (names may be Chinese).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Offers `text` to the browser as a download named `filename`. */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has its own reference to the blob once it started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
