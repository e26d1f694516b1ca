/**
 * The filters every analytics view shares, read from typed URL parameters so
 * any view is a link: the date range (lib/url-state), coin, product, source
 * (direct clients or sub-agents), one invitee, one sub-affiliate, the bucket
 * interval and the time zone of day boundaries (default UTC). The page, its API
 * route, its export and share links all parse them here.
 */
import { z } from "zod";
import { getDateRange, type ResolvedDateRange } from "../url-state/date-range";
import { readParam, type SearchParamsLike } from "../url-state/params";

export const INTERVALS = ["day", "week", "month"] as const;
export type Interval = (typeof INTERVALS)[number];

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const fieldSchemas = {
  coin: z.enum(["USDT", "BTC"]),
  product: z.enum(["SPOT", "FUTURES"]),
  /** sourceType 1 = direct client, 2 = sub-agent (spec 2.9). */
  source: z.enum(["direct", "sub"]),
  uid: z.string().regex(/^\d{1,20}$/),
  sub: z.string().regex(/^\d{1,20}$/),
  interval: z.enum(INTERVALS),
  tz: z.string().max(64).refine(isTimeZone, "unknown time zone"),
};

export interface ReportFilters {
  range: ResolvedDateRange;
  coin?: "USDT" | "BTC";
  product?: "SPOT" | "FUTURES";
  source?: "direct" | "sub";
  uid?: string;
  sub?: string;
  interval: Interval;
  tz: string;
  /** Parameters that were present but invalid and so ignored, for the page to say so. */
  issues: string[];
}

/** Reads the filters; a bad parameter is ignored (and reported in `issues`), never a crash. */
export function parseReportFilters(params: SearchParamsLike, now: Date = new Date()): ReportFilters {
  const issues: string[] = [];
  const range = getDateRange(params, now);
  if (range.issue) issues.push(range.issue);
  const read = <K extends keyof typeof fieldSchemas>(name: K): z.output<(typeof fieldSchemas)[K]> | undefined => {
    const raw = readParam(params, name);
    if (raw === undefined || raw === "") return undefined;
    const parsed = fieldSchemas[name].safeParse(raw);
    if (!parsed.success) {
      issues.push(`ignored ${name}=${raw.slice(0, 40)}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
      return undefined;
    }
    return parsed.data as z.output<(typeof fieldSchemas)[K]>;
  };
  const filters: ReportFilters = { range, interval: read("interval") ?? "day", tz: read("tz") ?? "UTC", issues };
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
  return filters;
}
