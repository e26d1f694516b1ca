/**
 * The analytics reports by URL name: the app's /api/reports/<name>, share links and exports name them alike. Each
 * is defined in lib/reports/<name>/ (its contract: title, page, answer, tables; lib/reports/registry.ts: the rest).
 */
export const REPORT_NAMES = ["overview", "commissions", "sub-affiliates", "sub-affiliate", "invitees", "invitee", "invite-codes", "trade-assets"] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export function isReportName(value: string): value is ReportName {
  return (REPORT_NAMES as readonly string[]).includes(value);
}
