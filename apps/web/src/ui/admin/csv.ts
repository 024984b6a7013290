/**
 * The one place the app writes CSV: RFC 4180 that is also safe to open in a spreadsheet.
 *
 * - Every field is quoted (inner quotes doubled). A spreadsheet set to a `;`, tab or `|` separator
 *   (many European locales) would otherwise split an unquoted `a;=cmd()` into a cell that starts
 *   with `=`; inside quotes no separator splits the field.
 * - A field that starts like a formula (`=`, `+`, `-`, `@`, their full-width forms, or a tab, carriage
 *   return or line feed that some programs skip first) gets a leading apostrophe, so it is shown as
 *   text instead of being evaluated (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
