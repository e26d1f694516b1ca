/**
 * The URL parameter rules report contracts share (sorting direction, paging,
 * the dormancy window), with the words of their notices: a contract lists its
 * own parameters (`params`), and report-params.ts reads every report's the
 * same way. Browser-safe.
 */
import { z } from "zod";
import type { FieldRule } from "../../url-state/read-fields";

export type ParamRules = Readonly<Record<string, FieldRule<unknown>>>;

export const sortDirection = z.enum(["asc", "desc"]);
export const directionRule = (fallback: "asc" | "desc"): FieldRule<unknown> => ({
  schema: sortDirection,
  fallback,
  expected: "asc or desc",
  fallbackWords: fallback === "desc" ? "descending" : "ascending",
});

/** How long without a trade makes an invitee dormant: the directory and the invitee page read it alike. */
export const dormantDays = z.coerce.number().int().min(1).max(365).default(30);
export const DORMANT_DAYS_RULE: FieldRule<unknown> = { schema: dormantDays, fallback: 30, expected: "a number of days from 1 to 365", fallbackWords: "30 days" };

/**
 * A paged table's limits, declared once in its report's contract: its query
 * schema (so the SQL's LIMIT/OFFSET, which read the parsed query), its URL
 * notices and its page read them.
 */
export interface Paging {
  /** Rows a page holds when the URL names no size. */
  readonly pageSize: number;
  readonly minPageSize: number;
  /** The most rows one page holds (a printout reads pages this size). */
  readonly maxPageSize: number;
  readonly maxPage: number;
}

/** The `page` and `pageSize` fields of a paged report's query schema. */
export const pagingQuery = (p: Paging) => ({
  page: z.coerce.number().int().min(1).max(p.maxPage).default(1),
  pageSize: z.coerce.number().int().min(p.minPageSize).max(p.maxPageSize).default(p.pageSize),
});

/** The rules (and notice words) of the same two parameters, for report-params.ts. */
export function pagingRules(p: Paging): ParamRules {
  const query = pagingQuery(p);
  return {
    page: { schema: query.page, fallback: 1, expected: `a page number from 1 to ${p.maxPage}`, fallbackWords: "the first page" },
    pageSize: { schema: query.pageSize, fallback: p.pageSize, expected: `a page size from ${p.minPageSize} to ${p.maxPageSize}`, fallbackWords: `${p.pageSize} a page` },
  };
}
