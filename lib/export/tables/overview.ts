/** The Overview's exportable tables: the headline figures with their comparisons, and the trend per bucket. */
import "server-only";
import { changeOf, overviewReport, type OverviewFigure, type OverviewReport } from "../../reports/overview";
import { col, smallTable, type ColumnKind, type ExportContext, type ExportTable } from "../table-types";

const load = (ctx: ExportContext): Promise<OverviewReport> => overviewReport(ctx.db, ctx.connectionId, ctx.filters);

/** The cards of the page, in its order, with the labels it shows. */
const FIGURES: ReadonlyArray<{ key: OverviewFigure; label: string; kind: ColumnKind }> = [
  { key: "commission", label: "Commission (USDT)", kind: "amount" },
  { key: "netFee", label: "Net fee (USDT)", kind: "amount" },
  { key: "effectiveRate", label: "Effective rate (commission ÷ fee)", kind: "rate" },
  { key: "volume", label: "Trading volume (USDT)", kind: "amount" },
  { key: "newInvitees", label: "New invitees", kind: "count" },
  { key: "activeTraders", label: "Active traders", kind: "count" },
  { key: "netDeposits", label: "Net deposits (USDT)", kind: "amount" },
];

interface FigureRow {
  key: OverviewFigure;
  label: string;
  kind: ColumnKind;
  current: string;
  previous: string;
  yearAgo: string;
}

export const overviewTables: Record<string, ExportTable> = {
  figures: smallTable<FigureRow, OverviewReport>({
    title: "Headline figures",
    load,
    columns: [
      col("figure", "Figure", "text", (r) => r.key),
      col("label", "Label", "text", (r) => r.label),
      col("kind", "Kind", "text", (r) => r.kind),
      col("current", "This period", "text", (r) => r.current),
      col("previous", "Previous period", "text", (r) => r.previous),
      col("yearAgo", "A year earlier", "text", (r) => r.yearAgo),
      // Fractions (0.125 = +12.5 %), empty when the earlier figure is zero, as the page shows "—".
      col("changeVsPrevious", "Change vs previous", "fraction", (r) => changeOf(r.current, r.previous) ?? ""),
      col("changeVsYearAgo", "Change vs a year ago", "fraction", (r) => changeOf(r.current, r.yearAgo) ?? ""),
    ],
    rows: (report) => FIGURES.map((f) => ({ ...f, current: report.current[f.key], previous: report.previous[f.key], yearAgo: report.yearAgo[f.key] })),
  }),
  trend: smallTable<OverviewReport["trend"][number], OverviewReport>({
    title: "Trend per period",
    load,
    columns: [
      col("bucket", "Period", "date", (r) => r.bucket),
      col("commission", "Commission (USDT)", "amount", (r) => r.commission),
      col("volume", "Trading volume (USDT)", "amount", (r) => r.volume),
      col("newInvitees", "New invitees", "count", (r) => String(r.newInvitees)),
    ],
    rows: (report) => report.trend,
  }),
};
