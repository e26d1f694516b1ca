/**
 * Every exportable table of every analytics report, by report and table id:
 * the tables and chart series the five pages show. The page's "Download CSV"
 * links name these ids; the export route and share links look them up here.
 */
import "server-only";
import type { ReportName } from "../reports/names";
import type { ExportTable } from "./table-types";
import { commissionTables } from "./tables/commissions";
import { inviteeTables } from "./tables/invitees";
import { overviewTables } from "./tables/overview";
import { subAffiliateTables } from "./tables/sub-affiliates";
import { tradeAssetTables } from "./tables/trade-assets";

export const REPORT_TABLES: Readonly<Record<ReportName, Readonly<Record<string, ExportTable>>>> = {
  overview: overviewTables,
  commissions: commissionTables,
  "sub-affiliates": subAffiliateTables,
  invitees: inviteeTables,
  "trade-assets": tradeAssetTables,
};

/** The table ids of a report, in the order the page shows them. */
export function tableIds(report: ReportName): string[] {
  return Object.keys(REPORT_TABLES[report]);
}

export function findTable(report: ReportName, table: string): ExportTable | undefined {
  return Object.hasOwn(REPORT_TABLES[report], table) ? REPORT_TABLES[report][table] : undefined;
}
