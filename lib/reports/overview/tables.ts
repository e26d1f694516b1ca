/**
 * The Overview's exportable tables: the headline figures with their comparisons, the trend per bucket,
 * the commission per period against the previous period, the top invitees and symbols, commission per coin
 * and the funnel (as lib/reports/funnel-steps.ts words it).
 */
import "server-only";
import { overviewContract, type OverviewReport } from "./contract";
import { BUCKET_STATE_WORDS } from "../coverage";
import { conversionOf, funnelSteps, type FunnelStep } from "../funnel-steps";
import { overviewReport } from "./sql";
import { periodsOf } from "../periods";
import { figureRows, trendRows, type FigureRow, type TrendRow } from "./figure-tables";
import { columnsOf, smallTable, type ExportContext, type ExportTable } from "../../export/table-types";
import { valuationCsv } from "../../prices/valuation-csv";
import { sql } from "drizzle-orm";
import { dailyConditions } from "../sql";
import { forecastCsvRows, type ForecastCsvRow } from "../../forecast/csv-rows";

const load = (ctx: ExportContext): Promise<OverviewReport> => overviewReport(ctx.db, ctx.connectionId, ctx.filters);
const { tables } = overviewContract;

export const overviewTables = {
  // The figures need the view's coverage too: a period the warehouse does not hold is blank, with the reason.
  figures: smallTable<FigureRow, Parameters<typeof figureRows>>({
    title: tables.figures.title,
    load: async (ctx) => {
      const [report, coverage] = await Promise.all([load(ctx), ctx.coverage]);
      return [report, coverage, periodsOf(ctx.filters.range)];
    },
    columns: columnsOf(tables.figures, {
      figure: (r) => r.key,
      label: (r) => r.label,
      kind: (r) => r.kind,
      current: (r) => r.current ?? "",
      previous: (r) => r.previous ?? "",
      yearAgo: (r) => r.yearAgo ?? "",
      previousCoverage: (r) => r.previousCoverage,
      yearAgoCoverage: (r) => r.yearAgoCoverage,
      changeVsPrevious: (r) => r.changeVsPrevious ?? "",
      changeVsYearAgo: (r) => r.changeVsYearAgo ?? "",
      changeIs: (r) => r.changeIs,
    }),
    rows: (loaded) => figureRows(...loaded),
  }),
  trend: smallTable<TrendRow, TrendRow[]>({
    title: tables.trend.title,
    load: async (ctx) => {
      const [report, coverage] = await Promise.all([load(ctx), ctx.coverage]);
      return trendRows(report.trend, coverage);
    },
    columns: columnsOf(tables.trend, {
      bucket: (r) => r.bucket,
      commission: (r) => r.commission ?? "",
      volume: (r) => r.volume ?? "",
      newInvitees: (r) => r.newInvitees ?? "",
      coverage: (r) => r.coverage,
    }),
    rows: (rows) => rows,
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
    columns: columnsOf(tables["top-invitees"], { uid: (r) => r.uid, coin: (r) => r.coin, commission: (r) => r.commission, commissionUsdt: (r) => r.commissionUsdt ?? "", volume: (r) => r.volume }),
    rows: (report) => report.topInvitees,
  }),
  "top-symbols": smallTable<OverviewReport["topSymbols"][number], OverviewReport>({
    title: tables["top-symbols"].title,
    load,
    columns: columnsOf(tables["top-symbols"], { symbol: (r) => r.symbol, coin: (r) => r.coin, commission: (r) => r.commission, commissionUsdt: (r) => r.commissionUsdt ?? "", volume: (r) => r.volume }),
    rows: (report) => report.topSymbols,
  }),
  coins: smallTable<OverviewReport["coins"][number], OverviewReport>({
    title: tables.coins.title,
    load,
    columns: columnsOf(tables.coins, { coin: (r) => r.coin, commission: (r) => r.commission, commissionUsdt: (r) => r.commissionUsdt ?? "", fee: (r) => r.fee, feeUsdt: (r) => r.feeUsdt ?? "", volume: (r) => r.volume, items: (r) => String(r.items) }),
    rows: (report) => report.coins,
  }),
  // The rows the first card values: every coin's daily rollup over the range (lib/reports/overview/sql.ts).
  valuation: valuationCsv(tables.valuation, (ctx) => ({ table: sql`commission_day`, where: dailyConditions(ctx.connectionId, ctx.filters.range.startTime, ctx.filters.range.endTime) })),
  forecast: smallTable<ForecastCsvRow, OverviewReport>({
    title: tables.forecast.title,
    load,
    columns: columnsOf(tables.forecast, {
      figure: (r) => r.figure,
      label: (r) => r.label,
      unit: (r) => r.unit,
      periodFrom: (r) => r.periodFrom,
      periodTo: (r) => r.periodTo,
      madeOn: (r) => r.madeOn,
      daysDone: (r) => String(r.daysDone),
      daysLeft: (r) => String(r.daysLeft),
      soFar: (r) => r.soFar,
      projected: (r) => r.projected,
      low: (r) => r.low,
      high: (r) => r.high,
      notProjected: (r) => r.notProjected,
      method: (r) => r.method,
    }),
    rows: (report) => forecastCsvRows(report.forecast),
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
