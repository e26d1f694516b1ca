/**
 * A report's API route: a role floor (analyst for affiliate reports), the page's filters parsed from the
 * query string, the request's connection, the report read from the warehouse
 * (never the exchange), and the range, any ignored parameters and the
 * warehouse's "data as of" sent back with it.
 */
import "server-only";
import { apiRoute, ApiError } from "../api/route";
import type { Role } from "../auth/roles";
import { getDb, type Db } from "../db/client";
import { connectionForRequest } from "../exchange/selection";
import { dataAsOfIn } from "../sync/engine";
import { parseReportFilters, type ReportFilters } from "./filters";

export function reportRoute<T extends object>(
  options: { role: Role },
  run: (db: Db, connectionId: string, filters: ReportFilters, query: URLSearchParams) => Promise<T>,
) {
  return apiRoute({ role: options.role }, async ({ request }) => {
    const query = new URL(request.url).searchParams;
    const filters = parseReportFilters(query);
    const connection = await connectionForRequest(request);
    const db = await getDb();
    const [report, freshness] = await Promise.all([run(db, connection.id, filters, query), dataAsOfIn(db, connection.id)]);
    return {
      ...report,
      range: { from: filters.range.from, to: filters.range.to, label: filters.range.label },
      issues: filters.issues,
      // How fresh the warehouse is for this connection: every page says "data as of …".
      dataAsOf: freshness.asOf,
    };
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
