/**
 * Every exportable table of every analytics report, by report and table id:
 * the tables and chart series the five pages show, as the reports' contracts
 * list them (lib/reports/contracts; a contract table without an export here,
 * or an export the contract lacks, does not typecheck). The page's "Download
 * CSV" links name these ids; the export route and share links look them up here.
 */
import "server-only";
import { tableIds, type TableId } from "../reports/contracts";
import type { ReportName } from "../reports/names";
import type { ExportTable } from "./table-types";
import { commissionTables } from "./tables/commissions";
import { inviteeDetailTables } from "./tables/invitee";
import { inviteCodeTables } from "./tables/invite-codes";
import { inviteeTables } from "./tables/invitees";
import { overviewTables } from "./tables/overview";
import { subAffiliateDetailTables } from "./tables/sub-affiliate";
import { subAffiliateTables } from "./tables/sub-affiliates";
import { tradeAssetTables } from "./tables/trade-assets";

export const REPORT_TABLES: { readonly [N in ReportName]: Readonly<Record<TableId<N>, ExportTable>> } = {
  overview: overviewTables,
  commissions: commissionTables,
  "sub-affiliates": subAffiliateTables,
  "sub-affiliate": subAffiliateDetailTables,
  invitees: inviteeTables,
  "invite-codes": inviteCodeTables,
  "trade-assets": tradeAssetTables,
  invitee: inviteeDetailTables,
};

export { tableIds };

export function findTable(report: ReportName, table: string): ExportTable | undefined {
  const tables: Readonly<Record<string, ExportTable>> = REPORT_TABLES[report];
  return Object.hasOwn(tables, table) ? tables[table] : undefined;
}
