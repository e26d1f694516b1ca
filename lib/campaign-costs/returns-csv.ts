/**
 * The campaign figures as CSV: headers are the metric definitions' labels with their unit (lib/metrics), a blank cell
 * where a figure is blank and a column beside saying why, so a spreadsheet never reads a blank as 0.
 */
import { labelWithUnit } from "../metrics/definitions";
import { CAMPAIGN_METRICS as M } from "../metrics/campaign-costs";
import { METRICS } from "../metrics/definitions";
import { csvLine } from "../export/csv-stream";
import type { Figure } from "./figures";
import type { ReturnsAnswer } from "./returns-types";

const FIGURES = [
  ["cost", M.campaignCost],
  ["costPerSignup", M.costPerSignup],
  ["costPerDeposit", M.costPerDeposit],
  ["costPerTrade", M.costPerTrade],
  ["commission", M.commissionSinceSignup],
  ["returnRatio", M.campaignReturn],
] as const;

export function returnsCsv(answer: ReturnsAnswer): string {
  const header = [
    "Invite code",
    METRICS.signups.label,
    METRICS.deposited.label,
    METRICS.traded.label,
    ...FIGURES.map(([, m]) => (m.unit === "rate" ? `${m.label} (ratio)` : labelWithUnit(m))),
    "Why blank",
    `Commission counted through (UTC day)${answer.partial ? " — partly synced" : ""}`,
  ];
  const lines = answer.rows.map((r) => {
    const figures: Figure[] = FIGURES.map(([key]) => r[key]);
    const why = FIGURES.map(([, m], i) => (figures[i]!.blank ? `${m.label}: ${figures[i]!.blank}` : null)).filter((w) => w !== null);
    return csvLine([r.inviteCode, String(r.signups), String(r.deposited), String(r.traded), ...figures.map((f) => f.value ?? ""), why.join("; "), answer.through ?? ""]);
  });
  return csvLine(header) + lines.join("");
}
