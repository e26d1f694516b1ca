/**
 * What an exported file says about itself, read away from the app: its name
 * holds the report, the table, the range and the warehouse's "data as of"
 * (`commissions_by-symbol_2026-10-26_2026-11-24_asof-2026-11-24T1356Z.csv`),
 * and a CSV's header names carry each column's unit, derived from the field
 * kinds of the report's contract (lib/reports/contracts/fields.ts), so every
 * report, new ones included, gets them without a word of its own.
 * Browser-safe and pure (unit-tested in file-meta.test.ts).
 */
import type { FieldKind } from "../reports/contracts/fields";

/** `2026-11-24T1356Z` (the minute, UTC, no colon: file names), or `not-synced` when the warehouse holds nothing yet. */
export function asOfStamp(asOf: number | null): string {
  if (asOf === null || !Number.isFinite(asOf)) return "not-synced";
  const iso = new Date(asOf).toISOString(); // 2026-11-24T13:56:07.000Z
  return `${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`;
}

/** Only what every file system and header accepts: letters, digits, dot, dash, underscore. */
const unsafe = /[^A-Za-z0-9._-]+/g;
const part = (text: string) => text.replace(unsafe, "-").replace(/^-+|-+$/g, "") || "x";

export interface FileScope {
  report: string;
  range: { from: string; to: string };
  /** The warehouse's "data as of" (epoch ms), null when nothing is synced. */
  asOf: number | null;
  /**
   * The view's data does not cover the whole range (the coverage part of the
   * answer envelope, once it lands): the name then says `_partial`, so a file
   * read on its own never passes for complete.
   */
  partial?: boolean;
}

function baseName(scope: FileScope, table?: string): string {
  const parts = [part(scope.report), ...(table === undefined ? [] : [part(table)]), part(scope.range.from), part(scope.range.to), `asof-${asOfStamp(scope.asOf)}`];
  return parts.join("_") + (scope.partial ? "_partial" : "");
}

/** `commissions_by-symbol_2026-10-26_2026-11-24_asof-2026-11-24T1356Z.csv` */
export const csvFilename = (scope: FileScope, table: string): string => `${baseName(scope, table)}.csv`;

/** `invitees_2026-10-26_2026-11-24_asof-2026-11-24T1356Z_landscape.pdf` */
export const pdfFilename = (scope: FileScope, orientation: string): string => `${baseName(scope)}_${part(orientation)}.pdf`;

/** RFC 5987 value: UTF-8 percent-encoded, with the characters encodeURIComponent leaves but the grammar forbids escaped too. */
const rfc5987 = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="…"; filename*=UTF-8''…`: an ASCII-only quoted name for
 * old clients (anything else becomes `_`, quotes and backslashes included) and
 * the exact name for the rest.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(filename)}`;
}

export interface UnitContext {
  /** The coin every row of the view is in (a view with a coin filter: the chosen coin, else its default); absent when rows may differ. */
  viewCoin?: string;
}

/**
 * The unit a column's values are in, from its kind: money in its coin (a fixed
 * coin, or the view's when the coin comes from the row), ratios as fractions
 * (0.25 is 25 %: the CSV keeps the exact decimal the page rounds), instants as
 * UTC times. Counts, ids, days, flags and text have none.
 */
export function unitOf(kind: FieldKind, context: UnitContext = {}): string | undefined {
  switch (kind.kind) {
    case "money":
      if (kind.coin !== "row") return kind.coin;
      return context.viewCoin ?? "coin of the row";
    case "ratio":
      return "fraction";
    case "date":
      return kind.instant ? "UTC" : undefined;
    default:
      return undefined;
  }
}

/**
 * `Commission` → `Commission (USDT)`; a header that already names its unit (`Volume (USDT)`, or an estimate's
 * `Total (≈ USDT)`) is kept as it is.
 */
export function headerWithUnit(header: string, kind: FieldKind, context: UnitContext = {}): string {
  const unit = unitOf(kind, context);
  if (unit === undefined || header.includes(`(${unit})`) || header.includes(`(≈ ${unit})`)) return header;
  return `${header} (${unit})`;
}
