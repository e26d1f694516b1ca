/**
 * One contract per report, shared by the server and the browser: the answer
 * schema and type, the tables and series, each field's kind. The server's
 * report modules return these types, pages read them, and exports, snapshots,
 * share scope and redaction derive from them.
 */
import type { ReportName } from "../names";
import { commissionsContract } from "../commissions/contract";
import { inviteeContract } from "../invitee/contract";
import { inviteCodesContract } from "../invite-codes/contract";
import { inviteesContract } from "../invitees/contract";
import { overviewContract } from "../overview/contract";
import { subAffiliateContract } from "../sub-affiliate/contract";
import { subAffiliatesContract } from "../sub-affiliates/contract";
import { tradeAssetsContract } from "../trade-assets/contract";

export const REPORT_CONTRACTS = {
  overview: overviewContract,
  commissions: commissionsContract,
  "sub-affiliates": subAffiliatesContract,
  "sub-affiliate": subAffiliateContract,
  invitees: inviteesContract,
  "invite-codes": inviteCodesContract,
  "trade-assets": tradeAssetsContract,
  invitee: inviteeContract,
} as const satisfies { [N in ReportName]: { name: N } };

export type ReportContracts = typeof REPORT_CONTRACTS;
/** The table ids of a report, as its contract lists them. */
export type TableId<N extends ReportName> = keyof ReportContracts[N]["tables"] & string;

/** The table ids of a report, in the order the page shows them. */
export function tableIds(report: ReportName): string[] {
  return Object.keys(REPORT_CONTRACTS[report].tables);
}

/** What pages, share links and digests call a report. */
export function reportTitle(report: ReportName): string {
  return REPORT_CONTRACTS[report].title;
}
