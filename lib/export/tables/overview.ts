/** The Overview's exportable tables: the headline figures with their comparisons, and the trend per bucket. */
import "server-only";
import { changeOf, figureKind, OVERVIEW_FIGURES, overviewContract, type OverviewFigure, type OverviewReport } from "../../reports/contracts/overview";
import { kindOfField } from "../../reports/contracts/fields";
import { overviewReport } from "../../reports/overview";
import { columnsOf, smallTable, type ExportContext, type ExportTable } from "../table-types";

const load = (ctx: ExportContext): Promise<OverviewReport> => overviewReport(ctx.db, ctx.connectionId, ctx.filters);
const { tables } = overviewContract;

/** The words of the CSV's Kind column for each figure's kind. */
const KIND_WORDS: Partial<Record<string, string>> = { money: "amount", ratio: "rate", count: "count" };

interface FigureRow {
  key: OverviewFigure;
  label: string;
  kind: string;
  current: string;
  previous: string;
  yearAgo: string;
}

export const overviewTables = {
  figures: smallTable<FigureRow, OverviewReport>({
    title: tables.figures.title,
    load,
    columns: columnsOf(tables.figures, {
      figure: (r) => r.key,
      label: (r) => r.label,
      kind: (r) => r.kind,
      current: (r) => r.current,
      previous: (r) => r.previous,
      yearAgo: (r) => r.yearAgo,
      changeVsPrevious: (r) => changeOf(r.current, r.previous) ?? "",
      changeVsYearAgo: (r) => changeOf(r.current, r.yearAgo) ?? "",
    }),
    rows: (report) =>
      OVERVIEW_FIGURES.map((f) => {
        const kind = kindOfField(figureKind(f.key)).kind;
        return {
          key: f.key,
          label: f.unit ? `${f.label} (${f.unit})` : f.label,
          kind: KIND_WORDS[kind] ?? kind,
          current: report.current[f.key],
          previous: report.previous[f.key],
          yearAgo: report.yearAgo[f.key],
        };
      }),
  }),
  trend: smallTable<OverviewReport["trend"][number], OverviewReport>({
    title: tables.trend.title,
    load,
    columns: columnsOf(tables.trend, { bucket: (r) => r.bucket, commission: (r) => r.commission, volume: (r) => r.volume, newInvitees: (r) => String(r.newInvitees) }),
    rows: (report) => report.trend,
  }),
} satisfies Record<keyof typeof tables, ExportTable>;
