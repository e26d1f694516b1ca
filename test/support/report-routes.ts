/**
 * The app's report routes as Next calls them: the one dynamic route
 * (app/api/reports/[report]/route.ts and …/export/route.ts) with the path's
 * report segment as its `report` parameter, read from the request's URL as the
 * router reads it (/api/reports/<report> and /api/reports/<report>/export).
 */
import * as exportRoute from "@/app/api/reports/[report]/export/route";
import * as reportRoute from "@/app/api/reports/[report]/route";

export interface RouteModule {
  GET: (request: Request) => Promise<Response>;
}

function segment(request: Request, tail: "" | "/export"): string {
  const match = new RegExp(`^/api/reports/([^/]*)${tail}$`).exec(new URL(request.url).pathname);
  if (!match) throw new Error(`not a report route URL: ${request.url}`);
  return decodeURIComponent(match[1]!);
}

/** GET /api/reports/<report>. */
export const reportApi: RouteModule = { GET: (request) => reportRoute.GET(request, { params: Promise.resolve({ report: segment(request, "") }) }) };
/** GET /api/reports/<report>/export. */
export const reportExportApi: RouteModule = { GET: (request) => exportRoute.GET(request, { params: Promise.resolve({ report: segment(request, "/export") }) }) };
