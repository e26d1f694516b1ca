/**
 * Every analytics report by name, with the answer every view receives: the
 * report, the resolved range, ignored parameters and the warehouse's "data as
 * of". The app's report routes, share links and snapshots all answer through
 * here, so a shared view gets exactly what the page in the app would.
 */
import "server-only";
import type { Db } from "../db/client";
import { dataAsOfIn } from "../sync/engine";
import { commissionReport } from "./commissions";
import type { ReportFilters } from "./filters";
import { inviteeReport, rosterQuerySchema } from "./invitees";
import type { ReportName } from "./names";
import { overviewReport } from "./overview";
import { reportQuery } from "./route";
import { subAffiliateReport } from "./sub-affiliates";
import { tradeAssetQuerySchema, tradeAssetReport } from "./trade-assets";

export async function runReport(db: Db, connectionId: string, name: ReportName, filters: ReportFilters, query: URLSearchParams): Promise<object> {
  switch (name) {
    case "overview":
      return overviewReport(db, connectionId, filters);
    case "commissions":
      return commissionReport(db, connectionId, filters);
    case "sub-affiliates":
      return subAffiliateReport(db, connectionId, filters);
    case "invitees":
      return inviteeReport(db, connectionId, filters, reportQuery(rosterQuerySchema, query));
    case "trade-assets":
      return tradeAssetReport(db, connectionId, filters, reportQuery(tradeAssetQuerySchema, query));
  }
}

export interface ReportAnswerMeta {
  range: { from: string; to: string; label: string };
  issues: string[];
  dataAsOf: number | null;
}

export async function answerReport(db: Db, connectionId: string, name: ReportName, filters: ReportFilters, query: URLSearchParams): Promise<object & ReportAnswerMeta> {
  const [report, freshness] = await Promise.all([runReport(db, connectionId, name, filters, query), dataAsOfIn(db, connectionId)]);
  return {
    ...report,
    range: { from: filters.range.from, to: filters.range.to, label: filters.range.label },
    issues: filters.issues,
    dataAsOf: freshness.asOf,
  };
}
