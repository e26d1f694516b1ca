/**
 * The shape of an exportable table: a title, its columns (a stable key, the
 * header people read, and what kind of value it holds, so share-link redaction
 * can find uids and amounts without knowing each table) and its rows as an
 * async iterable of batches, every value already exact text. Titles, headers
 * and kinds come from the report's contract (lib/reports/contracts).
 */
import type { Db } from "../db/client";
import type { FieldKind } from "../reports/contracts/fields";
import type { TableContract } from "../reports/contracts/report-contract";
import type { Coverage } from "../reports/coverage";
import type { ReportFilters } from "../reports/filters";

/** What a column holds: the kind of the answer field it shows. */
export type ColumnKind = FieldKind;

export interface ExportColumn<R> {
  /** Stable id of the column: the key of the row record handed to `transformRow`. */
  key: string;
  header: string;
  kind: ColumnKind;
  /** The cell as exact text (decimals as the warehouse gave them, never through a float). */
  value(row: R): string;
}

/** Everything a table's rows depend on: the view's filters and its own query (sort, search). */
export interface ExportContext {
  db: Db;
  connectionId: string;
  filters: ReportFilters;
  query: URLSearchParams;
  /** "Now" for relative flags (dormancy); defaults to the request time. */
  now: number;
  /**
   * The view's coverage, read once before the table opens (lib/export/stream-report.ts): what bucket tables blank
   * as "not synced". Handed in rather than read by each table, whose module would otherwise import the report
   * registry that imports it.
   */
  coverage: Coverage;
}

/** A table ready to write: its columns and its rows, as records keyed by column key, in batches. */
export interface OpenedTable {
  columns: ReadonlyArray<Pick<ExportColumn<unknown>, "key" | "header" | "kind">>;
  batches: AsyncIterable<ReadonlyArray<Record<string, string>>>;
}

/** Rewrites a row (keyed by column key) before it is written, knowing each column's kind: share-link redaction. */
export type RowTransform = (row: Record<string, string>, columns: OpenedTable["columns"]) => Record<string, string>;

export interface ExportTable {
  title: string;
  /**
   * Validates the table's own query (a bad sort is a 400 before any byte is
   * sent) and returns its columns and a lazy row source.
   */
  open(ctx: ExportContext): Promise<OpenedTable>;
}

function record<R>(columns: readonly ExportColumn<R>[], row: R): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) out[c.key] = c.value(row);
  return out;
}

async function* mapBatches<R>(columns: readonly ExportColumn<R>[], source: AsyncIterable<readonly R[]>): AsyncGenerator<Array<Record<string, string>>> {
  for await (const batch of source) yield batch.map((row) => record(columns, row));
}

const describe = <R>(columns: readonly ExportColumn<R>[]) => columns.map(({ key, header, kind }) => ({ key, header, kind }));

/**
 * A table whose rows all come from one read (an aggregate: series, breakdowns,
 * totals — bounded by buckets, symbols or sub-affiliates, so small).
 */
export function smallTable<R, S>(def: {
  title: string;
  load(ctx: ExportContext): Promise<S>;
  columns: readonly ExportColumn<R>[] | ((loaded: S) => readonly ExportColumn<R>[]);
  rows(loaded: S, ctx: ExportContext): readonly R[];
}): ExportTable {
  return {
    title: def.title,
    async open(ctx) {
      const loaded = await def.load(ctx);
      const columns = typeof def.columns === "function" ? def.columns(loaded) : def.columns;
      const rows = def.rows(loaded, ctx);
      async function* one(): AsyncGenerator<readonly R[]> {
        yield rows;
      }
      return { columns: describe(columns), batches: mapBatches(columns, one()) };
    },
  };
}

/** A table read in batches from the warehouse (rosters): never all of it in memory. */
export function batchedTable<R, P>(def: {
  title: string;
  columns: readonly ExportColumn<R>[];
  /** Parses the table's own query; throws an ApiError for a bad value. */
  prepare(ctx: ExportContext): P;
  batches(ctx: ExportContext, prepared: P): AsyncIterable<readonly R[]>;
}): ExportTable {
  return {
    title: def.title,
    async open(ctx) {
      const prepared = def.prepare(ctx);
      return { columns: describe(def.columns), batches: mapBatches(def.columns, def.batches(ctx, prepared)) };
    },
  };
}

/** Column helper: `col("m0", "M0", { kind: "ratio" }, (r) => r.active[0] ?? "")`. */
export function col<R>(key: string, header: string, kind: ColumnKind, value: (row: R) => string): ExportColumn<R> {
  return { key, header, kind, value };
}

/** A contract table's columns, in its order, each with how a row gives its cell (every column must have one). */
export function columnsOf<K extends string, R>(table: TableContract<K>, values: Readonly<Record<K, (row: R) => string>>): ExportColumn<R>[] {
  return (Object.keys(table.columns) as K[]).map((key) => col(key, table.columns[key].header, table.columns[key].kind, values[key]));
}
