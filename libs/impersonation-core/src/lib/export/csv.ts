/**
 * The one CSV writer: RFC 4180 that is also safe to open in a spreadsheet (OWASP "CSV injection").
 *
 * - Every field is quoted, inner quotes doubled, so a `,`, `;`, tab or line break stays in its field
 *   for a program that honours quotes.
 * - A formula can start where a field starts: `=`, `+`, `-`, `@`, their full-width forms, or a tab,
 *   carriage return or line feed that some programs skip first. Such a start gets a leading apostrophe,
 *   shown as text instead of being evaluated.
 * - A spreadsheet in a `;`-separator locale (or told to split on tab or `|`) that does not honour
 *   quotes in mid-field splits a value at those characters, so a formula start right after `,`, `;`,
 *   tab or `|` inside a value gets the apostrophe too.
 */
const FORMULA_START = '[=+\\-@\\t\\r\\n\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
const FORMULA_AT_A_SPLIT = new RegExp(`(^|[,;\\t|])(?=${FORMULA_START})`, 'g');

export function csvCell(value: string): string {
  return `"${value.replace(FORMULA_AT_A_SPLIT, "$1'").replace(/"/g, '""')}"`;
}

/** One record: quoted cells joined by commas, ended by CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map(csvLine).join('');
}
