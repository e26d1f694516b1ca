"use client";

/**
 * Where a report view gets its data, and what it says about itself.
 *
 * The same page components render inside the app and on a share link
 * (/r/<token>): in the app they read /api/reports/<name> (session, the selected
 * connection); on a link they read /r/<token>/data/<name>, where the server
 * enforces the link's scope on every request. `shared` also tells the view to
 * be read-only (no filters, no search) and how amounts are shown when the link
 * replaces them with percentages.
 *
 * ReportMeta carries the title, the scope in words and the "data as of" time,
 * for the headers of downloaded charts, printouts and PDFs.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { exactAmount } from "@/lib/format/amount";
import { formatDecimal, type DecimalInput } from "@/lib/format/decimal";
import type { AnswerCoverage } from "@/lib/reports/contracts/report-contract";
import type { ReportName } from "@/lib/reports/names";
import { DEFAULT_COMPARE, type CompareChoice } from "@/lib/reports/periods";
import { formatUtcMinute } from "@/lib/format/time";
import type { Annotation } from "@/lib/annotations/types";
import type { ReturnsAnswer } from "@/lib/campaign-costs/returns-types";

export interface SharedView {
  token: string;
  mode: "live" | "snapshot";
  redactUids: boolean;
  /** Amounts are replaced, on the server, by their percentage of the total. */
  percentages: boolean;
  /** What the link's view compares with (default the previous period): a percentages link's totals are changes against it. */
  compare?: CompareChoice;
  /** Rendered for a PDF (`?print=pdf`): paged tables print every row (components/reports/print-rows.tsx). */
  printAll?: boolean;
  /** The annotations the link's creator chose to show (none by default), read on the server: never others. */
  annotations?: readonly Annotation[];
  /**
   * Invite codes' campaign cost and return, read on the server for the app's own PDF (an internal link) only: never on
   * a link a person holds, and no route serves costs to a token (lib/campaign-costs/printed.ts).
   */
  campaignReturns?: ReturnsAnswer;
}

export interface ReportSource {
  dataUrl(name: ReportName, query: string): string;
  /** CSV of one table of the report, for exactly the view's filters (all rows). */
  exportUrl(name: ReportName, table: string, query: string): string;
  shared: SharedView | null;
}

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

function sourceFor(shared: SharedView | null): ReportSource {
  if (!shared) {
    return {
      dataUrl: (name, query) => withQuery(`/api/reports/${name}`, query),
      exportUrl: (name, table, query) => withQuery(`/api/reports/${name}/export`, [`table=${encodeURIComponent(table)}`, query].filter(Boolean).join("&")),
      shared: null,
    };
  }
  const base = `/r/${encodeURIComponent(shared.token)}/data`;
  return {
    dataUrl: (name, query) => withQuery(`${base}/${name}`, query),
    exportUrl: (name, table, query) => withQuery(`${base}/${name}/export`, [`table=${encodeURIComponent(table)}`, query].filter(Boolean).join("&")),
    shared,
  };
}

const SourceContext = createContext<ReportSource>(sourceFor(null));

export function ReportSourceProvider({ shared, children }: { shared: SharedView | null; children: ReactNode }) {
  const value = useMemo(() => sourceFor(shared), [shared]);
  return <SourceContext.Provider value={value}>{children}</SourceContext.Provider>;
}

export function useReportSource(): ReportSource {
  return useContext(SourceContext);
}

/** True on a share link: no filters, no search, no sorting a snapshot cannot answer. */
export function useReadOnlyReport(): boolean {
  return useReportSource().shared !== null;
}

/**
 * How a view shows an amount: the decimal with its unit, or — on a link that
 * shares percentages instead of amounts — the percentage the server sent.
 */
export function useAmountFormat() {
  const { shared } = useReportSource();
  const percentages = shared?.percentages ?? false;
  const compare = shared?.compare ?? DEFAULT_COMPARE;
  return useMemo(
    () => ({
      percentages,
      amount(value: DecimalInput, unit?: string, options: { dp?: number } = {}): string {
        if (percentages) return `${formatDecimal(value, { dp: 2 })} %`;
        const text = formatDecimal(value, options.dp === undefined ? {} : { dp: options.dp });
        return unit ? `${text} ${unit}` : text;
      },
      unit(unit: string): string {
        return percentages ? "% of total" : unit;
      },
      /**
       * The coin a heading names for its table or chart ("Top invitees (USDT)"): on a percentages link the figures
       * under it are shares of a total, not amounts in that coin, so the heading says that instead.
       */
      coinHeading(coin: string): string {
        return percentages ? "% of total" : coin;
      },
      /** A headline total's unit: on a percentages link it shows its change against the period the view compares with. */
      totalUnit(unit: string): string {
        return percentages ? CHANGE_UNIT[compare] : unit;
      },
    }),
    [percentages, compare],
  );
}

export type AmountFormat = ReturnType<typeof useAmountFormat>;

/** A percentages link's headline unit, by what its view compares with. */
const CHANGE_UNIT: Record<CompareChoice, string> = { previous: "change vs previous period", yearAgo: "change vs a year earlier" };

/**
 * A headline total (a `self`, `changeFrom` or `changeTo` money field of its contract): the amount, or — on a
 * percentages link, where the server sent its change against the previous period — "+12.5 %", or words when
 * there is no change to show (the previous period is not synced whole, or its figure was zero).
 */
export function total(fmt: AmountFormat, value: DecimalInput, dp: number, unit?: string): string {
  if (!fmt.percentages) return fmt.amount(value, unit, { dp });
  return value === null || value === undefined ? NO_CHANGE : `${formatDecimal(value, { dp: 1, sign: true })} %`;
}
export const NO_CHANGE = "no change to show";

/**
 * An amount at exactly `dp` decimals (rounded half up in decimal, padded, so a column's
 * figures line up), through the view's amount format. For a coin's own decimals use
 * coinDecimals(coin) (lib/format/amount: USDT 2, BTC 8); exactOf gives every digit.
 */
export function money(fmt: AmountFormat, value: string, dp: number, unit?: string): string {
  return fmt.amount(value, unit, { dp });
}

/** Every digit of an amount (or the exact percentage on a link that shows them), for a title or tooltip. */
export function exactOf(fmt: AmountFormat, value: string, unit?: string): string {
  return fmt.percentages ? `${formatDecimal(value)} % of total` : exactAmount(value, unit);
}

export interface ReportMeta {
  title: string;
  /** The scope in words: period, coin, product, source, invitee, time zone. */
  scope: string;
  dataAsOf: number | null;
  /** Which part of the view's range the warehouse holds: charts mark the rest, printouts and downloads carry its note. */
  coverage: AnswerCoverage | null;
}

interface MetaContextValue extends ReportMeta {
  setDataAsOf(asOf: number | null): void;
  setCoverage(coverage: AnswerCoverage | null): void;
}

const MetaContext = createContext<MetaContextValue>({ title: "Report", scope: "", dataAsOf: null, coverage: null, setDataAsOf: () => undefined, setCoverage: () => undefined });

export function ReportMetaProvider({ title, scope, children }: { title: string; scope: string; children: ReactNode }) {
  const [dataAsOf, setState] = useState<number | null>(null);
  const [coverage, setCoverageState] = useState<AnswerCoverage | null>(null);
  const setDataAsOf = useCallback((asOf: number | null) => setState((prev) => (prev === asOf ? prev : asOf)), []);
  const setCoverage = useCallback((next: AnswerCoverage | null) => setCoverageState(next), []);
  const value = useMemo(() => ({ title, scope, dataAsOf, coverage, setDataAsOf, setCoverage }), [title, scope, dataAsOf, coverage, setDataAsOf, setCoverage]);
  return <MetaContext.Provider value={value}>{children}</MetaContext.Provider>;
}

/**
 * The view's own answer's "data as of" and coverage, given by ReportAnswerMeta inside the part the server prefetched:
 * read during render, so the server's HTML and the first render in the browser already carry the coverage notice and
 * the charts' not-synced marks. (Set from an effect alone, they appeared only after hydration: the page moved under a
 * reader's pointer, and the first paint showed counts for periods it then called not synced.)
 */
export const AnswerMetaContext = createContext<Pick<ReportMeta, "dataAsOf" | "coverage"> | null>(null);

export function useReportMeta(): MetaContextValue {
  const outer = useContext(MetaContext);
  const answer = useContext(AnswerMetaContext);
  return useMemo(() => (answer ? { ...outer, ...answer } : outer), [outer, answer]);
}

/** "Data as of 2026-11-22 14:05 UTC", or why there is none yet. */
export function dataAsOfText(asOf: number | null): string {
  return asOf === null ? "No data synced yet" : `Data as of ${formatUtcMinute(asOf)} UTC`;
}
