/**
 * The report pipeline: every analytics report by name (one dispatch table),
 * and the answer every view receives — the report, the resolved range, ignored
 * parameters, its coverage (which part of the range the warehouse holds, per
 * bucket) and its "data as of" (the oldest of the sources it reads) — built here once. The app's
 * report routes (route.ts), share links and snapshots all answer through here,
 * so a shared view gets exactly what the page in the app would.
 */
import "server-only";
import type { z } from "zod";
import type { Db } from "../db/client";
import { commissionReport } from "./commissions";
import type { ReportContracts } from "./contracts";
import { inviteCodeQuerySchema } from "./contracts/invite-codes";
import { rosterQuerySchema } from "./contracts/invitees";
import type { AnswerMeta, ReportPart } from "./contracts/report-contract";
import { tradeAssetQuerySchema } from "./contracts/trade-assets";
import { coverageFor } from "./coverage-sources";
import type { ReportFilters } from "./filters";
import { inviteeDetailQuerySchema } from "./contracts/invitee";
import { inviteeDetailReport } from "./invitee";
import { inviteCodesReport } from "./invite-codes";
import { inviteeReport } from "./invitees";
import type { ReportName } from "./names";
import { overviewReport } from "./overview";
import { reportQuery } from "./report-query";
import { subAffiliateDetailReport } from "./sub-affiliate";
import { subAffiliateReport } from "./sub-affiliates";
import { tradeAssetReport } from "./trade-assets";

/** A report's answer, as its contract types it. */
export type AnswerOf<N extends ReportName> = z.output<ReportContracts[N]["answer"]>;
/** The report's own part of it (what its module computes). */
export type ReportOf<N extends ReportName> = ReportPart<AnswerOf<N>>;

type Runner<N extends ReportName> = (db: Db, connectionId: string, filters: ReportFilters, query: URLSearchParams) => Promise<ReportOf<N>>;

/** Reports with a paged table read its paging and sorting from the query (a bad value is a 400). */
const RUNNERS: { readonly [N in ReportName]: Runner<N> } = {
  overview: (db, connectionId, filters) => overviewReport(db, connectionId, filters),
  commissions: (db, connectionId, filters) => commissionReport(db, connectionId, filters),
  "sub-affiliates": (db, connectionId, filters) => subAffiliateReport(db, connectionId, filters),
  "sub-affiliate": (db, connectionId, filters, query) => subAffiliateDetailReport(db, connectionId, filters, query),
  invitees: (db, connectionId, filters, query) => inviteeReport(db, connectionId, filters, reportQuery(rosterQuerySchema, query)),
  "invite-codes": (db, connectionId, filters, query) => inviteCodesReport(db, connectionId, filters, reportQuery(inviteCodeQuerySchema, query)),
  "trade-assets": (db, connectionId, filters, query) => tradeAssetReport(db, connectionId, filters, reportQuery(tradeAssetQuerySchema, query)),
  // The uid is required and read strictly (missing or malformed: 400 naming it); the filters' lenient uid is not used.
  invitee: (db, connectionId, filters, query) => inviteeDetailReport(db, connectionId, filters, reportQuery(inviteeDetailQuerySchema, query)),
};

export function runReport<N extends ReportName>(db: Db, connectionId: string, name: N, filters: ReportFilters, query: URLSearchParams): Promise<ReportOf<N>> {
  const run: Runner<N> = RUNNERS[name];
  return run(db, connectionId, filters, query);
}

export async function answerReport<N extends ReportName>(db: Db, connectionId: string, name: N, filters: ReportFilters, query: URLSearchParams): Promise<AnswerOf<N>> {
  const [report, coverage] = await Promise.all([runReport(db, connectionId, name, filters, query), coverageFor(db, connectionId, name, filters)]);
  const meta: AnswerMeta = {
    range: { from: filters.range.from, to: filters.range.to, label: filters.range.label },
    issues: filters.issues,
    // The oldest of this report's own sources, so "data as of …" is true for every figure the page shows.
    dataAsOf: coverage.asOf,
    coverage,
  };
  return { ...report, ...meta } as AnswerOf<N>;
}
