/**
 * The Overview's headline figures as rows of its "Headline figures" CSV: each
 * figure now, in the previous period and a year earlier, and the change, as its
 * metric compares (lib/metrics: relative % or percentage points), over whole days
 * only while today is partial (lib/reports/periods.ts, the partial-day rule). A compared
 * period the warehouse does not hold is blank — its sums would be 0 only because
 * nothing was synced — and its coverage column says why, in the words the page
 * uses ("history starts 2025-11-27"). Pure, so it is tested without a database.
 */
import { changeBetween } from "../../metrics/compare";
import { comparedCurrent, figureKind, OVERVIEW_FIGURES, type OverviewFigure, type OverviewReport } from "./contract";
import { kindOfField } from "../contracts/fields";
import { comparedGap, TODAY_ONLY } from "../compared-gap";
import type { Coverage } from "../coverage";
import { bucketCoverage } from "../bucket-coverage";
import type { ReportPeriods } from "../periods";

/** The words of the CSV's Kind column for each figure's kind. */
const KIND_WORDS: Partial<Record<string, string>> = { money: "amount", ratio: "rate", count: "count" };
const CHANGE_WORDS = { relative: "relative", points: "percentage points" } as const;

export interface FigureRow {
  key: OverviewFigure;
  label: string;
  kind: string;
  /** Null where the figure has no value (a coin's day without a price: not valued). */
  current: string | null;
  /** Null where the warehouse does not hold that period. */
  previous: string | null;
  yearAgo: string | null;
  /** "synced", or why the period is blank. */
  previousCoverage: string;
  yearAgoCoverage: string;
  changeVsPrevious: string | null;
  changeVsYearAgo: string | null;
  changeIs: string;
}

/** Why a compared period is blank, in the page's words; null where the warehouse holds it. */
export function gapWords(gap: string | null): string | null {
  if (gap === null || gap === TODAY_ONLY || gap.startsWith("not synced")) return gap;
  return `not synced: ${gap}`;
}

export function figureRows(
  report: Pick<OverviewReport, "current" | "currentWholeDays" | "previous" | "yearAgo">,
  coverage: Pick<Coverage, "historyFrom" | "historyTo">,
  periods: ReportPeriods,
): FigureRow[] {
  const previousGap = gapWords(comparedGap(coverage, periods, "previous"));
  const yearAgoGap = gapWords(comparedGap(coverage, periods, "yearAgo"));
  const compared = comparedCurrent(report, periods.partialDay);
  return OVERVIEW_FIGURES.map((f) => {
    const kind = kindOfField(figureKind(f.key)).kind;
    const previous = previousGap === null ? report.previous[f.key] : null;
    const yearAgo = yearAgoGap === null ? report.yearAgo[f.key] : null;
    const now = compared === null ? null : compared[f.key];
    return {
      key: f.key,
      label: f.unit ? `${f.label} (${f.estimate ? "≈ " : ""}${f.unit})` : f.label,
      kind: KIND_WORDS[kind] ?? kind,
      current: report.current[f.key],
      previous,
      yearAgo,
      previousCoverage: previousGap ?? "synced",
      yearAgoCoverage: yearAgoGap ?? "synced",
      changeVsPrevious: now === null ? null : changeBetween(now, previous, f.compare),
      changeVsYearAgo: now === null ? null : changeBetween(now, yearAgo, f.compare),
      changeIs: CHANGE_WORDS[f.compare],
    };
  });
}

export interface TrendRow {
  bucket: string;
  /** Null where the warehouse holds no day of the bucket. */
  commission: string | null;
  volume: string | null;
  newInvitees: string | null;
  /** "synced", "partly synced" or "not synced" (lib/reports/coverage.ts words). */
  coverage: string;
}

/** The trend per bucket with the buckets the warehouse does not hold blank, never the 0 their empty sums give. */
export function trendRows(trend: OverviewReport["trend"], coverage: Pick<Coverage, "buckets">): TrendRow[] {
  const of = bucketCoverage(coverage);
  return trend.map((t) => {
    const { held, coverage: words } = of(t.bucket);
    return {
      bucket: t.bucket,
      commission: held ? t.commission : null,
      volume: held ? t.volume : null,
      newInvitees: held ? String(t.newInvitees) : null,
      coverage: words,
    };
  });
}
