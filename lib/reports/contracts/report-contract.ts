/**
 * What every report contract is made of: the answer envelope every view
 * receives (the report's fields, the resolved range, ignored parameters and the
 * warehouse's "data as of"), and the tables a page offers as CSV, whose columns
 * take their kinds from the answer's own fields. Browser-safe.
 */
import type { z } from "zod";
import { BUCKET_STATES, RANGE_STATES } from "../coverage";
import type { ReportFilters } from "../filters";
import { COMPARE_CHOICES } from "../periods";
import type { ReportName } from "../names";
import type { MetricDefinition } from "../../metrics/definitions";
import { count, day, flag, group, instant, kindOfField, list, oneOf, optional, orNull, text, type Described, type FieldKind } from "./fields";
import type { Paging, ParamRules } from "./query-rules";

/** Which part of the range the warehouse holds (lib/reports/coverage.ts): never "not synced" drawn as zero. */
const coverage = group({
  state: oneOf(RANGE_STATES),
  historyFrom: orNull(day()),
  historyTo: orNull(day()),
  loading: flag(),
  coveredDays: count(),
  rangeDays: count(),
  buckets: list(group({ bucket: day(), state: oneOf(BUCKET_STATES) })),
  sources: list(group({ source: text(), label: text(), from: orNull(day()), asOf: orNull(instant()), backfillDone: flag() })),
  asOf: orNull(instant()),
  note: text(),
  /** Days whose rows did not add up (lib/reports/coverage-incomplete.ts); absent when there are none. */
  incomplete: optional(list(group({ source: text(), label: text(), from: day(), to: day() }))),
});

const stretch = () => group({ from: day(), to: day() });
/** The periods the answer's figures and comparisons cover, in UTC days (lib/reports/periods.ts has the rules). */
const periods = group({
  current: stretch(),
  previous: stretch(),
  yearAgo: stretch(),
  /** Today, when the range reaches it: partial, and left out of every change. */
  partialDay: orNull(day()),
});

const answerMeta = {
  range: group({ from: day(), to: day(), label: text() }),
  periods,
  /** Which earlier period the page's comparisons are against (the URL's `compare`). */
  compare: oneOf(COMPARE_CHOICES),
  issues: list(text()),
  /** The oldest "as of" of the sources this report reads: true for every figure of the answer. */
  dataAsOf: orNull(instant()),
  coverage,
};
export type AnswerMeta = z.output<ReturnType<typeof group<typeof answerMeta>>>;
export type AnswerCoverage = AnswerMeta["coverage"];
/** A report's own part of its answer (what its module computes): the answer without the envelope run.ts adds. */
export type ReportPart<A> = Omit<A, keyof AnswerMeta>;

/** A report's answer schema: its own fields and the envelope's. */
export function answerSchema<const T extends Record<string, Described>>(report: T) {
  return group({ ...report, ...answerMeta });
}

export interface TableColumn {
  header: string;
  kind: FieldKind;
  /** The metric the column shows (lib/metrics): its header is the metric's label, and pages put its definition behind a "?". */
  metric?: MetricDefinition;
}

/** A CSV column showing an answer field: the field's kind is the column's. */
export const column = (header: string, field: Described): TableColumn => ({ header, kind: kindOfField(field) });

/**
 * Which days a metric column holds, where they are not the view's period: `previous` the previous period's
 * ("Previous period: Trading volume (USDT)"), `range` the range's in a table whose other columns are not
 * of the range (the invitee directory: "Commission in range").
 */
export type MetricPeriod = "previous" | "range";

/**
 * A column showing a defined metric (lib/metrics): its header is the metric's label — with the column's coin
 * where the coin is fixed ("Trading volume (USDT)"; a coin of the row is named by the view, as for `column`) —
 * and it carries the definition, so the page's header, its "?" and the CSV's header all say the same.
 */
export function metricColumn(metric: MetricDefinition, field: Described, period?: MetricPeriod): TableColumn {
  const kind = kindOfField(field);
  const unit = kind.kind === "money" && kind.coin !== "row" ? ` (${metric.estimate ? "≈ " : ""}${kind.coin})` : "";
  const header = period === "previous" ? `Previous period: ${metric.label}${unit}` : period === "range" ? `${metric.label} in range${unit}` : `${metric.label}${unit}`;
  return { header, kind, metric };
}

export interface TableContract<K extends string = string> {
  title: string;
  /** In the order of the CSV; the keys are the rows' keys. */
  columns: Readonly<Record<K, TableColumn>>;
}

export const table = <const K extends string>(title: string, columns: Record<K, TableColumn>): TableContract<K> => ({ title, columns });

/** The filter parameters a page offers (lib/reports/filters.ts parses them all). */
export type FilterName = keyof Pick<ReportFilters, "coin" | "product" | "source" | "uid" | "sub" | "interval" | "tz" | "compare">;

export interface ReportContract<A extends z.ZodType = z.ZodType, T extends string = string, N extends ReportName = ReportName> {
  name: N;
  /** What pages, share links, digests and file names call it. */
  title: string;
  /** Its page in the app (an entity report's page is under this path: /invitees/<uid>). */
  path: string;
  /** The answer of /api/reports/<name> and of a share link's data route. */
  answer: A;
  /** The tables and chart series the page offers as CSV, by id, in page order. */
  tables: Readonly<Record<T, TableContract>>;
  filters: readonly FilterName[];
  /**
   * With the coin filter and no coin in the URL: "all" shows every coin (natively per coin, and valued in USDT where
   * it adds them: Commissions); otherwise (the default) the view is in USDT alone.
   */
  noCoinMeans?: "all";
  /** Its own URL parameters (paging, sorting, search) beyond the shared filters, read by report-params.ts. */
  params?: ParamRules;
  /** Its paged table's limits, where it has one. */
  paging?: Paging;
}

/** A report's browser-safe half (its server half is `defineReport` in lib/reports/define.ts). */
export const defineContract = <A extends z.ZodType, const T extends string, const N extends ReportName>(contract: ReportContract<A, T, N>) => contract;
