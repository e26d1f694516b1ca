/**
 * A report's server half, registered once (lib/reports/registry.ts): its
 * contract (the browser-safe half: title, page, answer, tables, parameters),
 * how it runs over the warehouse, which sync reports its coverage reads, its
 * CSV tables and its digest headline. Every server place that needs one of
 * these for a report name reads it from the registry.
 */
import "server-only";
import type { z } from "zod";
import type { Db } from "../db/client";
import type { HeadlineFigure } from "../digests/figure";
import type { ExportTable } from "../export/table-types";
import type { ReportContracts, TableId } from "./contracts";
import type { ReportPart } from "./contracts/report-contract";
import type { ReportFilters } from "./filters";
import type { ReportName } from "./names";

/** A report's answer, as its contract types it. */
export type AnswerOf<N extends ReportName> = z.output<ReportContracts[N]["answer"]>;
/** The report's own part of it (what its module computes; run.ts adds the envelope). */
export type ReportOf<N extends ReportName> = ReportPart<AnswerOf<N>>;

export interface ReportDefinition<N extends ReportName = ReportName> {
  contract: ReportContracts[N];
  /** Reports with a paged table read its paging and sorting from the query (a bad value is a 400). */
  run: (db: Db, connectionId: string, filters: ReportFilters, query: URLSearchParams) => Promise<ReportOf<N>>;
  /** The sync reports (sync_state keys) it reads, for a view's filters: its coverage and "data as of". */
  sources: (filters: ReportFilters) => string[];
  /** Its CSV tables, one per contract table (a missing or extra one does not typecheck). */
  tables: Readonly<Record<TableId<N>, ExportTable>>;
  /** What a digest of it puts in its body. */
  headline: (answer: AnswerOf<N>) => HeadlineFigure[];
}

export const defineReport = <N extends ReportName>(definition: ReportDefinition<N>): ReportDefinition<N> => definition;
