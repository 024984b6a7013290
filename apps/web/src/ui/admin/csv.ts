/**
 * RFC 4180 CSV that is also safe to open in a spreadsheet: a cell that starts like a formula
 * (`=`, `+`, `-`, `@`, or a tab or carriage return that some programs skip first) gets a leading
 * apostrophe, so it is shown as text instead of being evaluated (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
