/**
 * The Overview's exportable tables: the headline figures with their comparisons, the trend per bucket,
 * the commission per period against the previous period, the top invitees and symbols, commission per coin
 * and the funnel (as lib/reports/funnel-steps.ts words it).
 */
import "server-only";
import { changeOf, figureKind, OVERVIEW_FIGURES, overviewContract, type OverviewFigure, type OverviewReport } from "../../reports/contracts/overview";
import { BUCKET_STATE_WORDS } from "../../reports/coverage";
import { conversionOf, funnelSteps, type FunnelStep } from "../../reports/funnel-steps";
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
  "commission-trend": smallTable<OverviewReport["commissionTrend"][number], OverviewReport>({
    title: tables["commission-trend"].title,
    load,
    columns: columnsOf(tables["commission-trend"], {
      position: (r) => String(r.position + 1),
      bucket: (r) => r.bucket ?? "",
      previousBucket: (r) => r.previousBucket ?? "",
      coin: (r) => r.coin,
      commission: (r) => r.commission ?? "",
      previousCommission: (r) => r.previousCommission ?? "",
      coverage: (r) => (r.state ? BUCKET_STATE_WORDS[r.state] : ""),
      previousCoverage: (r) => (r.previousState ? BUCKET_STATE_WORDS[r.previousState] : ""),
    }),
    rows: (report) => report.commissionTrend,
  }),
  "top-invitees": smallTable<OverviewReport["topInvitees"][number], OverviewReport>({
    title: tables["top-invitees"].title,
    load,
    columns: columnsOf(tables["top-invitees"], { uid: (r) => r.uid, coin: (r) => r.coin, commission: (r) => r.commission, volume: (r) => r.volume }),
    rows: (report) => report.topInvitees,
  }),
  "top-symbols": smallTable<OverviewReport["topSymbols"][number], OverviewReport>({
    title: tables["top-symbols"].title,
    load,
    columns: columnsOf(tables["top-symbols"], { symbol: (r) => r.symbol, coin: (r) => r.coin, commission: (r) => r.commission, volume: (r) => r.volume }),
    rows: (report) => report.topSymbols,
  }),
  coins: smallTable<OverviewReport["coins"][number], OverviewReport>({
    title: tables.coins.title,
    load,
    columns: columnsOf(tables.coins, { coin: (r) => r.coin, commission: (r) => r.commission, fee: (r) => r.fee, volume: (r) => r.volume, items: (r) => String(r.items) }),
    rows: (report) => report.coins,
  }),
  funnel: smallTable<FunnelStep, OverviewReport>({
    title: tables.funnel.title,
    load,
    columns: columnsOf(tables.funnel, {
      step: (r) => r.label,
      invitees: (r) => String(r.invitees),
      conversion: (r) => conversionOf(r) ?? "",
      basis: (r) => r.basis,
      medianHours: (r) => (r.medianHours === null ? "" : String(r.medianHours)),
    }),
    rows: (report) => funnelSteps(report.funnel),
  }),
} satisfies Record<keyof typeof tables, ExportTable>;
