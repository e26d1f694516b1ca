/**
 * What a digest run says: the report's headline figures over the run's period,
 * each against the previous period of as many days (lib/reports/periods.ts),
 * computed through the report pipeline (lib/reports/run.ts) exactly as the
 * page would answer them, with the period's coverage and "data as of". A
 * change is only computed when both periods are wholly synced; a partial
 * period says so. Digests showing percentages hide amounts (a total as a share
 * of itself says nothing): their money figures carry only the change.
 */
import "server-only";
import Decimal from "decimal.js";
import type { Db } from "../db/client";
import { parseReportFilters } from "../reports/filters";
import type { ReportName } from "../reports/names";
import { previousPeriod } from "../reports/periods";
import { answerReport } from "../reports/run";
import { scopeParams, type ShareScope } from "../share/scope";
import { digestFigures, type DigestFigure } from "./figures";
import { headlineFigures, type HeadlineAnswers, type HeadlineFigure } from "./headline";
import type { DigestPeriod } from "./period";
import { forecastLines } from "./forecast-lines";
import { overviewForecast } from "../forecast/overview";
import { targetsFor } from "../targets/progress";
import { listTargets } from "../targets/store";
import { periodKey } from "../targets/types";

const DAY_MS = 86_400_000;

export type { DigestFigure } from "./figures";

export interface DigestContent {
  report: ReportName;
  period: DigestPeriod;
  previousPeriod: DigestPeriod;
  figures: DigestFigure[];
  /** complete | partial | none, and the coverage note in words (empty when complete). */
  coverage: { state: string; note: string };
  previousComplete: boolean;
  /** The oldest "as of" of the report's sources (ms), null before the first sync. */
  dataAsOf: number | null;
  /**
   * The Overview's forecasts in words (forecast-lines.ts), a block per period, each its heading line then a line per
   * figure: the month in progress always, the quarter where the team set a goal on it; empty for other reports.
   */
  forecast: string[][];
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function previousDigestPeriod(p: DigestPeriod): DigestPeriod {
  const prev = previousPeriod({ start: Date.parse(p.from), end: Date.parse(p.to) + DAY_MS - 1 });
  return { from: isoDay(prev.start), to: isoDay(prev.end) };
}

/** The digest's view over other days: its filters kept, its days replaced. */
export const scopeForPeriod = (scope: ShareScope, p: DigestPeriod): ShareScope => ({ ...scope, from: p.from, to: p.to });

async function answerFor(db: Db, connectionId: string, report: ReportName, scope: ShareScope, now: Date) {
  const query = scopeParams(scope, now);
  const filters = parseReportFilters(query, now);
  return answerReport(db, connectionId, report, filters, query);
}

export interface DigestView {
  connectionId: string;
  report: ReportName;
  scope: ShareScope;
  percentages: boolean;
}

export async function computeDigestContent(db: Db, view: DigestView, period: DigestPeriod, now: Date): Promise<DigestContent> {
  const prev = previousDigestPeriod(period);
  const [current, before] = await Promise.all([
    answerFor(db, view.connectionId, view.report, scopeForPeriod(view.scope, period), now),
    answerFor(db, view.connectionId, view.report, scopeForPeriod(view.scope, prev), now),
  ]);
  const figures = digestFigures(
    headlineFigures(view.report, current as HeadlineAnswers[typeof view.report]),
    headlineFigures(view.report, before as HeadlineAnswers[typeof view.report]),
    { current: current.coverage.state, previous: before.coverage.state },
    view.percentages,
  );
  return {
    report: view.report,
    period,
    previousPeriod: prev,
    figures,
    coverage: { state: current.coverage.state, note: current.coverage.note },
    previousComplete: before.coverage.state === "complete",
    dataAsOf: current.dataAsOf,
    forecast: view.report === "overview" && !view.percentages ? await periodForecasts(db, view.connectionId, now) : [],
  };
}

/**
 * The month in progress at `now` (UTC), projected, with the team's targets; then the quarter in progress where the
 * team set a target on this quarter or a quarterly tier (an affiliate graded each quarter watches it; one that is
 * not gets no second block of the same days). A digest showing percentages has none.
 */
async function periodForecasts(db: Db, connectionId: string, now: Date): Promise<string[][]> {
  const targets = await listTargets(db, connectionId);
  const quarterKey = periodKey(now.toISOString().slice(0, 10), "quarter");
  const ranges = targetsFor(targets, "quarter", quarterKey).length > 0 ? ["mtd", "qtd"] : ["mtd"];
  const blocks = await Promise.all(
    ranges.map(async (range) => {
      const forecast = await overviewForecast(db, connectionId, parseReportFilters(new URLSearchParams(`range=${range}`), now));
      return forecast ? forecastLines(forecast, targets) : [];
    }),
  );
  return blocks.filter((b) => b.length > 0);
}

/**
 * Nothing happened: the warehouse holds the whole period and every figure is zero or unknown. A period it does not
 * wholly hold is never "empty": its zeros may be days not synced yet (the digest is sent and says so).
 */
export const isEmptyContent = (c: Pick<DigestContent, "figures" | "coverage">): boolean =>
  c.coverage.state === "complete" && c.figures.every((f) => f.value === null || new Decimal(f.value).isZero());

/** The figures as compared between runs: key → value, exact text. */
export function figureValues(figures: ReadonlyArray<Pick<HeadlineFigure, "key" | "value">>): Record<string, string | null> {
  return Object.fromEntries(figures.map((f) => [f.key, f.value]));
}

/** The same figures with the same values (decimal equality: "1.50" equals "1.5"). */
export function sameFigures(a: Record<string, string | null>, b: Record<string, string | null>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (x === undefined || y === undefined) return false;
    if (x === null || y === null) {
      if (x !== y) return false;
      continue;
    }
    if (!new Decimal(x).eq(y)) return false;
  }
  return true;
}
