/**
 * The Overview's contract: the headline figures of a period — commission, net
 * fee, effective rate, trading volume, new invitees, active traders, net
 * deposits — for the period, the previous period of the same length and the same
 * period a year earlier (all as text), and a trend per bucket. Money figures are
 * USDT (commission and fee of USDT items; volumes are USDT for every item).
 */
import Decimal from "decimal.js";
import type { z } from "zod";
import { count, countText, day, group, list, money, ratio, text } from "./fields";
import { answerSchema, column, defineReport, table, type ReportPart } from "./report-contract";

/** On a percentages link every period's figure is a share of the current period's. */
const inCurrent = { of: "current" } as const;
const figures = group({
  commission: money("USDT", inCurrent),
  netFee: money("USDT", inCurrent),
  effectiveRate: ratio(),
  volume: money("USDT", inCurrent),
  newInvitees: countText(),
  activeTraders: countText(),
  netDeposits: money("USDT", inCurrent),
});
const trendPoint = group({ bucket: day(), commission: money("USDT"), volume: money("USDT"), newInvitees: count() });

export const overviewAnswer = answerSchema({
  current: figures,
  previous: figures,
  yearAgo: figures,
  /** Per bucket of the current period: commission, volume and new invitees, for sparklines. */
  trend: list(trendPoint),
  buckets: list(day()),
});
export type OverviewAnswer = z.output<typeof overviewAnswer>;
export type OverviewReport = ReportPart<OverviewAnswer>;
export type Figures = z.output<typeof figures>;
export type OverviewFigure = keyof Figures;

/** The cards of the page, in its order, with their labels and units (the CSV's labels add the unit). */
export const OVERVIEW_FIGURES: ReadonlyArray<{ key: OverviewFigure; label: string; unit?: "USDT" }> = [
  { key: "commission", label: "Commission", unit: "USDT" },
  { key: "netFee", label: "Net fee", unit: "USDT" },
  { key: "effectiveRate", label: "Effective rate (commission ÷ fee)" },
  { key: "volume", label: "Trading volume", unit: "USDT" },
  { key: "newInvitees", label: "New invitees" },
  { key: "activeTraders", label: "Active traders" },
  { key: "netDeposits", label: "Net deposits", unit: "USDT" },
];
export const figureKind = (key: OverviewFigure) => figures.shape[key];

/** The change from `before` to `now` as a fraction (6 dp), or null when `before` is zero. */
export function changeOf(now: string, before: string): string | null {
  const b = new Decimal(before);
  return b.isZero() ? null : new Decimal(now).minus(b).div(b.abs()).toDecimalPlaces(6).toFixed();
}

const trend = trendPoint.shape;
export const overviewContract = defineReport({
  name: "overview",
  answer: overviewAnswer,
  filters: [],
  tables: {
    figures: table("Headline figures", {
      figure: column("Figure", text()),
      label: column("Label", text()),
      kind: column("Kind", text()),
      // Each row's own figure: its kind is the row's Kind column.
      current: column("This period", text()),
      previous: column("Previous period", text()),
      yearAgo: column("A year earlier", text()),
      // Fractions (0.125 = +12.5 %), empty when the earlier figure is zero, as the page shows "—".
      changeVsPrevious: column("Change vs previous", ratio()),
      changeVsYearAgo: column("Change vs a year ago", ratio()),
    }),
    trend: table("Trend per period", {
      bucket: column("Period", trend.bucket),
      commission: column("Commission (USDT)", trend.commission),
      volume: column("Trading volume (USDT)", trend.volume),
      newInvitees: column("New invitees", trend.newInvitees),
    }),
  },
});
