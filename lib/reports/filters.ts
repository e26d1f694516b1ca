/**
 * The filters every analytics view shares, read from typed URL parameters so
 * any view is a link: the date range (lib/url-state), coin, product, source
 * (direct clients or sub-agents), one invitee, one sub-affiliate, the bucket
 * interval, the time zone of day boundaries (default UTC) and the earlier
 * period comparisons are against (lib/reports/periods.ts). The page, its API
 * route, its export and share links all parse them here.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { COMMISSION_COINS, PRODUCT_TYPES, SOURCE_TYPES } from "../weex/schema/enums";
import { getDateRange, type ResolvedDateRange } from "../url-state/date-range";
import { COMPARE_CHOICES, DEFAULT_COMPARE, type CompareChoice } from "./periods";
import { droppedParam, issueSentence, type ParamIssue } from "../url-state/param-issues";
import { readParam, type SearchParamsLike } from "../url-state/params";

export const INTERVALS = ["day", "week", "month"] as const;
export type Interval = (typeof INTERVALS)[number];

export type Coin = (typeof COMMISSION_COINS)[number];
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** The coin the Commissions view shows when the URL names none: every table there is in one coin. */
export const DEFAULT_COIN: Coin = "USDT";
export const coinOf = (f: Pick<ReportFilters, "coin">): Coin => f.coin ?? DEFAULT_COIN;

/** The source filter's words for the interface's sourceType (spec 2.9): 1 = direct client, 2 = sub-agent. */
export const SOURCE_TYPE_OF = { direct: SOURCE_TYPES[0], sub: SOURCE_TYPES[1] } as const;
export type Source = keyof typeof SOURCE_TYPE_OF;
export const SOURCES = Object.keys(SOURCE_TYPE_OF) as [Source, ...Source[]];

/** How pages, filter options and scope labels word the values. */
export const PRODUCT_LABELS: Readonly<Record<ProductType, string>> = { SPOT: "Spot", FUTURES: "Futures" };
export const SOURCE_LABELS: Readonly<Record<Source, string>> = { direct: "Direct clients", sub: "Sub-agents" };

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const uidSchema = z.string().regex(/^\d{1,20}$/);

/** Each filter parameter's schema; share scopes lock the same values (lib/share/scope.ts). */
export const filterFieldSchemas = {
  coin: z.enum(COMMISSION_COINS),
  product: z.enum(PRODUCT_TYPES),
  source: z.enum(SOURCES),
  uid: uidSchema,
  sub: uidSchema,
  interval: z.enum(INTERVALS),
  tz: z.string().max(64).refine(isTimeZone, "unknown time zone"),
  compare: z.enum(COMPARE_CHOICES),
};

/** Each filter parameter in words: what a usable value is, and what an unusable one gives way to. */
const FILTER_WORDS: { readonly [K in keyof typeof filterFieldSchemas]: { expected: string; fallback: string } } = {
  coin: { expected: `a coin the reports show (${COMMISSION_COINS.join(" or ")})`, fallback: `the default (${DEFAULT_COIN}; on Commissions, all coins)` },
  product: { expected: `a product (${PRODUCT_TYPES.join(" or ")})`, fallback: "every product" },
  source: { expected: `a source (${SOURCES.join(" or ")})`, fallback: "every source" },
  uid: { expected: "an invitee uid (up to 20 digits)", fallback: "every invitee" },
  sub: { expected: "a sub-affiliate uid (up to 20 digits)", fallback: "every sub-affiliate" },
  interval: { expected: `a bucket size (${INTERVALS.join(", ")})`, fallback: "day" },
  tz: { expected: "a time zone name such as Asia/Tokyo", fallback: "UTC" },
  compare: { expected: `a comparison (${COMPARE_CHOICES.join(" or ")})`, fallback: "the previous period" },
};

export interface ReportFilters {
  range: ResolvedDateRange;
  coin?: Coin;
  product?: ProductType;
  source?: Source;
  uid?: string;
  sub?: string;
  interval: Interval;
  tz: string;
  /** Which earlier period the page's comparisons are against (`compare=`; default the previous period). */
  compare: CompareChoice;
  /** Parameters that were present but unusable and so ignored, in words, for the answer's `issues`. */
  issues: string[];
  /** The same, one per parameter: pages show them and rewrite the URL, API routes answer 400. */
  paramIssues: ParamIssue[];
}

/** Reads the filters; a bad parameter is ignored (and reported in `issues`), never a crash. */
export function parseReportFilters(params: SearchParamsLike, now: Date = new Date()): ReportFilters {
  const paramIssues: ParamIssue[] = [];
  const range = getDateRange(params, now);
  if (range.paramIssue) paramIssues.push(range.paramIssue);
  const read = <K extends keyof typeof filterFieldSchemas>(name: K): z.output<(typeof filterFieldSchemas)[K]> | undefined => {
    const raw = readParam(params, name);
    if (raw === undefined || raw === "") return undefined;
    const parsed = filterFieldSchemas[name].safeParse(raw);
    if (!parsed.success) {
      const words = FILTER_WORDS[name];
      paramIssues.push(droppedParam(name, raw, `is not ${words.expected}`, words.fallback));
      return undefined;
    }
    return parsed.data as z.output<(typeof filterFieldSchemas)[K]>;
  };
  const filters: ReportFilters = { range, interval: read("interval") ?? "day", tz: read("tz") ?? "UTC", compare: read("compare") ?? DEFAULT_COMPARE, issues: [], paramIssues };
  const coin = read("coin");
  const product = read("product");
  const source = read("source");
  const uid = read("uid");
  const sub = read("sub");
  if (coin) filters.coin = coin;
  if (product) filters.product = product;
  if (source) filters.source = source;
  if (uid) filters.uid = uid;
  if (sub) filters.sub = sub;
  filters.issues = paramIssues.map(issueSentence);
  return filters;
}
