/**
 * How much of a paged table a PDF prints, and how it says so. Browser-safe
 * (the report views use it while rendering for the server's PDF).
 */
import { countOf } from "../format/plural";

const GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * A PDF prints every row of a paged table up to this many; past it, the first
 * this many and a sentence saying the full table is in the CSV (README: PDF).
 * 2 000 rows are about 45 A4 pages: more is a CSV's job.
 */
export const PRINT_MAX_ROWS = 2000;

/** "All 413 rows." or "First 2,000 of 5,321 rows — the full table is in the CSV." */
export function printedRowsSentence(printed: number, total: number): string {
  if (printed >= total) return `All ${countOf(total, "row")}.`;
  return `First ${GROUPED.format(printed)} of ${countOf(total, "row")} — the full table is in the CSV.`;
}

/** The pages (of `pageSize` rows) a PDF reads to print `total` rows, capped at PRINT_MAX_ROWS. */
export function printedPages(total: number, pageSize: number): number {
  return Math.ceil(Math.min(total, PRINT_MAX_ROWS) / Math.max(1, pageSize));
}
