/**
 * Spreadsheet cells and formulas: a cell that starts with = + - @ (or a tab or carriage return) is
 * read by Excel and LibreOffice as a formula (OWASP, "CSV injection"). Files haat writes put such
 * text behind an apostrophe; files it reads refuse what looks like one.
 */

/**
 * Whether a text cell would run as a formula when the file is opened in a spreadsheet: it starts
 * with "=" or "@", or with "+" or "-" before a letter or a sign, or before a number and an
 * operator ("-20% off", "- 100% cotton" and "+8801711…" are text; "-cmd|…" and "-2+3+cmd|…" are
 * formulas). OWASP's "CSV injection".
 * haat's export writes such text with a leading apostrophe, which `unescapeCell` removes.
 */
export function looksLikeFormula(cell: string): boolean {
  return /^[=@]/.test(cell) || /^[+-][^\d\s.,]/.test(cell) || /^[+-][\d.,]+\s*[-+*/^&|(=]/.test(cell);
}

/**
 * A cell as written by a spreadsheet-safe export (`spreadsheetSafe`): a leading apostrophe before
 * = + - @ is dropped, so such text survives a round trip.
 */
export function unescapeCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** Text made safe for a spreadsheet: a cell that would run as a formula gets a leading apostrophe. */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
