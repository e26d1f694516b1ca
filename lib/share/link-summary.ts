/**
 * The sentence of a stored link (lib/share/link-sentence.ts), from a database
 * row or a list row: what the create and edit answers and the Reports list send.
 */
import { isReportName } from "../reports/names";
import { linkState, type LinkLifecycle } from "./access";
import { describeShareLink } from "./link-sentence";
import { shareScopeSchema } from "./scope";

export interface StoredLinkFacts extends LinkLifecycle {
  report: string;
  scope: unknown;
  mode: "live" | "snapshot";
  hasPassword: boolean;
  redactUids: boolean;
  percentages: boolean;
  embedOrigins: readonly string[];
  createdAt: Date;
}

export function storedLinkSentence(row: StoredLinkFacts, now = new Date()): string {
  const scope = shareScopeSchema.safeParse(row.scope);
  if (!scope.success || !isReportName(row.report)) return "This link's stored view can no longer be read; it opens nothing.";
  return describeShareLink({
    report: row.report,
    scope: scope.data,
    mode: row.mode,
    hasPassword: row.hasPassword,
    redactUids: row.redactUids,
    percentages: row.percentages,
    embedOrigins: row.embedOrigins,
    expiresAt: row.expiresAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    state: linkState(row, now),
  });
}
