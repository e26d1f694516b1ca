/**
 * A report's API route: a role floor (analyst for affiliate reports), the page's filters parsed from the
 * query string, the request's connection, the report read from the warehouse
 * (never the exchange), and the range and any ignored parameters echoed back.
 */
import "server-only";
import { apiRoute, ApiError } from "../api/route";
import type { Role } from "../auth/roles";
import { getDb, type Db } from "../db/client";
import { connectionForRequest } from "../exchange/selection";
import { parseReportFilters, type ReportFilters } from "./filters";

export function reportRoute<T extends object>(
  options: { role: Role },
  run: (db: Db, connectionId: string, filters: ReportFilters, query: URLSearchParams) => Promise<T>,
) {
  return apiRoute({ role: options.role }, async ({ request }) => {
    const query = new URL(request.url).searchParams;
    const filters = parseReportFilters(query);
    const connection = await connectionForRequest(request);
    const report = await run(await getDb(), connection.id, filters, query);
    return { ...report, range: { from: filters.range.from, to: filters.range.to, label: filters.range.label }, issues: filters.issues };
  });
}

/** Parses a report's own paging/sorting parameters with its zod schema; a bad value is a 400. */
export function reportQuery<S extends { safeParse(v: unknown): { success: true; data: unknown } | { success: false; error: { issues: Array<{ message: string; path: PropertyKey[] }> } } }>(
  schema: S,
  query: URLSearchParams,
): S extends { safeParse(v: unknown): { success: true; data: infer D } | { success: false } } ? D : never {
  const parsed = schema.safeParse(Object.fromEntries(query));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(400, "BAD_REQUEST", `${issue?.path.join(".") ?? "query"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data as never;
}
