/** The analytics reports by URL name: the app's /api/reports/<name>, share links and exports name them alike. */
export const REPORT_NAMES = ["overview", "commissions", "sub-affiliates", "sub-affiliate", "invitees", "invitee", "invite-codes", "trade-assets"] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_TITLES: Record<ReportName, string> = {
  overview: "Overview",
  commissions: "Commissions",
  "sub-affiliates": "Sub-affiliates",
  "sub-affiliate": "Sub-affiliate",
  invitees: "Invitees",
  "invite-codes": "Invite codes",
  "trade-assets": "Trade & assets",
  invitee: "Invitee",
};

/** The page of each report in the app. */
export const REPORT_PATHS: Record<ReportName, string> = {
  overview: "/",
  commissions: "/commissions",
  "sub-affiliates": "/sub-affiliates",
  // One sub-affiliate's page is /sub-affiliates/<uid> (lib/reports/entity-links.ts); this is where it lives.
  "sub-affiliate": "/sub-affiliates",
  invitees: "/invitees",
  "invite-codes": "/invite-codes",
  "trade-assets": "/trade-assets",
  // One invitee's page: /invitees/<uid> (lib/reports/entity-links.ts inviteeHref), under the directory.
  invitee: "/invitees",
};

export function isReportName(value: string): value is ReportName {
  return (REPORT_NAMES as readonly string[]).includes(value);
}
