/**
 * Every analytics report, registered once: the eight `defineReport` results
 * (lib/reports/<name>/index.ts). The runner, coverage sources, CSV tables,
 * digest headlines and the dynamic API routes read a report from here by its
 * URL name; a name that is not a report (isReportName, names.ts) is refused by the routes with a 404.
 * Server-only: browser code reads the same contracts through ./contracts.
 */
import "server-only";
import { commissions } from "./commissions";
import type { ReportDefinition } from "./define";
import { invitee } from "./invitee";
import { inviteCodes } from "./invite-codes";
import { invitees } from "./invitees";
import type { ReportName } from "./names";
import { overview } from "./overview";
import { subAffiliate } from "./sub-affiliate";
import { subAffiliates } from "./sub-affiliates";
import { tradeAssets } from "./trade-assets";

/** By name; the mapped type makes a missing report, or one filed under another's name, a type error. */
export const REPORTS: { readonly [N in ReportName]: ReportDefinition<N> } = {
  overview,
  commissions,
  "sub-affiliates": subAffiliates,
  "sub-affiliate": subAffiliate,
  invitees,
  invitee,
  "invite-codes": inviteCodes,
  "trade-assets": tradeAssets,
};

export function reportDefinition<N extends ReportName>(name: N): ReportDefinition<N> {
  return REPORTS[name];
}

