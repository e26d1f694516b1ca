/**
 * CSV for client-side exports: a header row, RFC 4180 quoting, CRLF line ends,
 * UTF-8 with a byte-order mark (spreadsheets then read accents correctly).
 * Values go out as the exact strings given (decimals are never turned into
 * numbers). A text cell a spreadsheet would read as a formula (starting with
 * = + - @, a tab or a carriage return) is neutralised with a leading apostrophe.
 * A plain decimal number, negative ones included (`-12.5`), is not a formula:
 * it stays a number so spreadsheets can sum it.
 */

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal as our exports write amounts: optional minus, digits, optional fraction. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The formula guard alone: `'=1+1`, `'-1+cmd`; plain numbers (`-5`, `-0.25`) and anything else unchanged. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One cell: guarded, then quoted when it holds a quote, comma, CR or LF. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  const text = neutraliseFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole document: header row first, CRLF between rows, no BOM (see `csvBlob`). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** A UTF-8 CSV blob with a byte-order mark. */
export function csvBlob(csv: string): Blob {
  return new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" });
}

/** Saves `csv` as `filename` in the browser. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(csvBlob(csv));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
