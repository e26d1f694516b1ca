import "server-only";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { ForbiddenError, getSessionUser, type SessionUser } from "@/lib/auth/session";
import { hasRole, type Role } from "@/lib/auth/roles";
import { BadConnectionCookieError, NoConnectionError } from "@/lib/exchange/selection";
import { ApiError, errorResponse } from "./errors";
import { assertJsonContentType, readJsonBody } from "./request-body";
import { isCrossSiteWrite } from "./same-origin";
import { queryHasControlCharacters, routeParamsSchema } from "./safe-input";

export { ApiError, errorResponse, type ApiErrorBody } from "./errors";

/**
 * THE pipeline of every /api route handler:
 *
 *   authenticate → authorize (role) → validate (zod: query, JSON body) → handler → JSON
 *
 * Errors have one shape, `{ code, msg }`:
 *   401 { code: "UNAUTHENTICATED", msg }           no session
 *   403 { code: "FORBIDDEN", msg }                 role too small, or a cross-site write
 *   415 { code: "UNSUPPORTED_MEDIA_TYPE", msg }    a write whose body is not application/json
 *   400 { code: "BAD_REQUEST", msg, issues? }      query/body/path failed validation, body not JSON,
 *                                                  a control character in the path or query, a NUL in the body
 *   4xx { code, msg, ...details }                  an ApiError thrown by the handler
 *   409 { code: "NO_CONNECTION", msg }             the installation has no exchange connection
 *   500 { code: "INTERNAL", msg: "internal error" } anything else (logged server-side only)
 * App codes are UPPER_SNAKE strings; refusals relayed from the exchange keep the
 * exchange's numeric code (`{ code: -1052, msg: "..." }`).
 *
 * Plain return values are sent as JSON, `undefined` as 204; a returned Response
 * is sent as is. Every answer carries `Cache-Control: no-store` unless the
 * handler set its own.
 *
 * Only PUBLIC_API_ROUTES may skip this pipeline (a test walks app/api and
 * checks every other route's handlers are apiRoute handlers).
 */

/** The only /api routes that answer without a session (paths as folders under app/). */
export const PUBLIC_API_ROUTES = ["/api/health", "/api/auth/[...nextauth]"] as const;

export type RouteParams = Record<string, string | string[] | undefined>;

/** Next's second argument to a route handler (optional so tests can omit it). */
export interface RouteContext {
  params?: Promise<RouteParams>;
}

export type ApiRouteHandler = (request: Request, context?: RouteContext) => Promise<Response>;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface ApiRouteOptions<Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  /** Weakest role allowed (the floor; handlers may demand more with ctx.assertRole). */
  role: Role;
  /** Schema for the query string: an object of string (or string[] for repeated keys) values. */
  query?: Q;
  /** Schema for the JSON body. */
  body?: B;
}

export interface ApiContext<Q, B> {
  user: SessionUser;
  query: Q;
  body: B;
  request: Request;
  params: RouteParams;
  /** Throws a 403 ApiError unless the user has at least `minimum` (for roles that depend on the request). */
  assertRole(minimum: Role): void;
}

/** Marks handlers made by apiRoute, so tests can check every /api route uses it. */
const API_ROUTE_MARK = Symbol.for("rebate-desk.api-route");

export interface ApiRouteInfo {
  role: Role;
}

/** The role floor of a handler made by apiRoute, or undefined for anything else. */
export function apiRouteInfo(handler: unknown): ApiRouteInfo | undefined {
  if (typeof handler !== "function") return undefined;
  return (handler as unknown as Record<symbol, ApiRouteInfo | undefined>)[API_ROUTE_MARK];
}

const NO_STORE = "no-store";

function forbidden(msg: string): ApiError {
  return new ApiError(403, "FORBIDDEN", msg);
}

function badRequest(msg: string, error?: z.ZodError): ApiError {
  const issues = error?.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  return new ApiError(400, "BAD_REQUEST", msg, issues ? { issues } : undefined);
}

/** Query string as an object: a key given once is a string, repeated keys an array. */
function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return out;
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) {
    if (!result.headers.has("Cache-Control")) {
      try {
        result.headers.set("Cache-Control", NO_STORE);
      } catch {
        // immutable headers (e.g. a fetched Response): leave them
      }
    }
    return result;
  }
  if (result === undefined) return new Response(null, { status: 204, headers: { "Cache-Control": NO_STORE } });
  return Response.json(result, { headers: { "Cache-Control": NO_STORE } });
}

/** Builds a route handler that runs the pipeline above. See the module comment. */
export function apiRoute<Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  options: ApiRouteOptions<Q, B>,
  handler: (context: ApiContext<Output<Q>, Output<B>>) => unknown,
): ApiRouteHandler {
  const route: ApiRouteHandler = async (request, context) => {
    try {
      const user = await getSessionUser();
      if (!user) return errorResponse(401, { code: "UNAUTHENTICATED", msg: "sign in first" });
      if (!hasRole(user.role, options.role)) throw forbidden(`requires the ${options.role} role`);
      if (isCrossSiteWrite(request)) throw forbidden("cross-site request refused");
      assertJsonContentType(request);

      // Path segments and query values reach SQL and logs: no control characters (NUL above all) in any.
      const parsedParams = routeParamsSchema.safeParse((await context?.params) ?? {});
      if (!parsedParams.success) throw badRequest("invalid path", parsedParams.error);
      const params: RouteParams = parsedParams.data;
      const url = new URL(request.url);
      if (queryHasControlCharacters(url.searchParams)) throw badRequest("query parameters must not contain control characters");

      let query: unknown = undefined;
      if (options.query) {
        const parsed = options.query.safeParse(queryObject(url));
        if (!parsed.success) throw badRequest("invalid query parameters", parsed.error);
        query = parsed.data;
      }
      let body: unknown = undefined;
      if (options.body) {
        const parsed = options.body.safeParse(await readJsonBody(request));
        if (!parsed.success) throw badRequest("invalid request body", parsed.error);
        body = parsed.data;
      }
      const result = await handler({
        user,
        query: query as Output<Q>,
        body: body as Output<B>,
        request,
        params,
        assertRole(minimum) {
          if (!hasRole(user.role, minimum)) throw forbidden(`requires the ${minimum} role`);
        },
      });
      return toResponse(result);
    } catch (error) {
      unstable_rethrow(error); // Next's own control flow (redirect, notFound...)
      if (error instanceof ApiError) {
        return errorResponse(error.status, { ...error.details, code: error.code, msg: error.message }, error.headers);
      }
      if (error instanceof ForbiddenError) return errorResponse(403, { code: "FORBIDDEN", msg: error.message });
      if (error instanceof NoConnectionError) return errorResponse(409, { code: error.code, msg: error.message });
      if (error instanceof BadConnectionCookieError) return errorResponse(400, { code: error.code, msg: error.message }, { "Set-Cookie": error.clearCookie });
      let path = request.url;
      try {
        path = new URL(request.url).pathname;
      } catch {
        // keep the raw URL
      }
      console.error(`[api] ${request.method} ${path} failed:`, error);
      return errorResponse(500, { code: "INTERNAL", msg: "internal error" });
    }
  };
  Object.defineProperty(route, API_ROUTE_MARK, { value: { role: options.role } satisfies ApiRouteInfo });
  return route;
}
