/**
 * What a share link really is, in one sentence built from the stored link:
 * "Anyone with this link and the password sees Commissions for 2026-08-27 →
 * 2026-11-24 · USDT · Futures · UTC days: live figures, invitee uids masked,
 * amounts shown, until 2026-12-01 23:07 (UTC)." — and, for a link other sites
 * may frame, ", embeddable on https://partner.example.com" before the full stop.
 *
 * Pure and browser-safe: the server builds it for the create and edit answers
 * and the Reports list, so the dialog, the edit form and the list say the same.
 */
import { formatUtcMinute } from "../format/time";
import { reportTitle } from "../reports/contracts";
import type { ReportName } from "../reports/names";
import { describeScope } from "../reports/scope-label";
import type { LinkState } from "./access";
import type { CalendarPreset } from "../url-state/date-range";
import { rollingWords } from "./rolling";
import type { ShareScope } from "./scope";

export interface LinkFacts {
  report: ReportName;
  scope: ShareScope;
  mode: "live" | "snapshot";
  hasPassword: boolean;
  redactUids: boolean;
  percentages: boolean;
  /** The origins that may frame the link (lib/share/embed-origins.ts); none: it is framed by no site. */
  embedOrigins: readonly string[];
  /** Epoch ms; null: never expires. */
  expiresAt: number | null;
  /** Epoch ms: when a snapshot froze its figures. */
  createdAt: number;
  state: LinkState;
}

/** The days a link shows, as data: one kind per way a link can hold its dates. */
export type LinkRange = { kind: "fixed"; from: string; to: string } | { kind: "rolling"; days: number } | { kind: "calendar"; preset: CalendarPreset };

export function linkRange(scope: ShareScope): LinkRange {
  // A rolling link resolves "the last N days" each time it opens (lib/share/rolling.ts): its stored days are not what it shows.
  // A rolling link made from a calendar preset resolves that preset each time (month to date of the day it is opened).
  if (scope.rollingDays !== undefined && scope.calendar !== undefined) return { kind: "calendar", preset: scope.calendar };
  if (scope.rollingDays !== undefined) return { kind: "rolling", days: scope.rollingDays };
  return { kind: "fixed", from: scope.from, to: scope.to };
}

/** …and say it here, one case per kind (the switch must stay exhaustive: tsc checks it). */
export function linkRangeWords(range: LinkRange): string {
  switch (range.kind) {
    case "fixed":
      return range.from === range.to ? range.from : `${range.from} → ${range.to}`;
    case "rolling":
      return `${rollingWords(range.days)}, rolling (always up to the day it is opened)`;
    case "calendar":
      return `${rollingWords(0, range.preset)}, rolling (as of the day it is opened)`;
  }
}

/** The scope's filters other than its dates ("USDT · Futures · UTC"): describeScope's parts after the range. */
function filterWords(facts: LinkFacts): string {
  return describeScope(facts.scope, { report: facts.report }).split(" · ").slice(1).join(" · ");
}

function stateWords(facts: LinkFacts): string {
  switch (facts.state) {
    case "active":
      return "";
    case "paused":
      return "Paused: nobody can open it until it is resumed. When open, ";
    case "expired":
      return "Expired: it no longer opens. It showed: ";
    case "revoked":
      return "Revoked: it never opens again. It showed: ";
  }
}

export function describeShareLink(facts: LinkFacts): string {
  const who = facts.hasPassword ? "anyone with this link and the password" : "anyone with this link";
  const filters = filterWords(facts);
  const what = `${reportTitle(facts.report)} for ${linkRangeWords(linkRange(facts.scope))}${filters ? ` · ${filters}` : ""}`;
  const figures = facts.mode === "snapshot" ? `figures frozen on ${formatUtcMinute(facts.createdAt)} (UTC)` : "live figures";
  const uids = facts.redactUids ? "invitee uids masked" : "invitee uids shown";
  const amounts = facts.percentages ? "percentages instead of amounts (no CSV export)" : "amounts shown";
  const until = facts.expiresAt === null ? "with no expiry date" : `until ${formatUtcMinute(facts.expiresAt)} (UTC)`;
  const embedding = facts.embedOrigins.length > 0 ? `, embeddable on ${facts.embedOrigins.join(", ")}` : "";
  const prefix = stateWords(facts);
  const subject = prefix ? who : who.charAt(0).toUpperCase() + who.slice(1);
  return `${prefix}${subject} sees ${what}: ${figures}, ${uids}, ${amounts}, ${until}${embedding}.`;
}
