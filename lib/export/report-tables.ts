/**
 * Every exportable table of every analytics report, by report and table id:
 * each report's definition holds its own (lib/reports/<name>/tables.ts, one
 * per contract table: a missing or extra one does not typecheck). The page's
 * "Download CSV" links name these ids; the export route and share links look
 * them up here.
 */
import "server-only";
import { tableIds } from "../reports/contracts";
import type { ReportName } from "../reports/names";
import { reportDefinition } from "../reports/registry";
import type { ExportTable } from "./table-types";

export { tableIds };

export function findTable(report: ReportName, table: string): ExportTable | undefined {
  const tables: Readonly<Record<string, ExportTable>> = reportDefinition(report).tables;
  return Object.hasOwn(tables, table) ? tables[table] : undefined;
}
