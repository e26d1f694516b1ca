import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { pathDecodes } from "@/lib/api/safe-input";
import { isCrossSiteWrite } from "@/lib/api/same-origin";
import { authSecret, secureCookiesEnabled } from "@/lib/auth/config";
import { isPublicPath } from "@/lib/auth/paths";

/**
 * Next 16's request proxy (formerly middleware), in front of every page and
 * /api route. It refuses what Next itself would answer with a bare 500 before
 * any handler of ours runs: a path that is not valid percent-encoding (400
 * `{code,msg}` for /api, the not-found page for pages) and a cross-site POST to
 * a page — a server action from another site's page (403; Next throws on it).
 * Then it sends signed-out visitors of app pages to /login?callbackUrl=…, a
 * convenience only: every page, server action and route handler checks the
 * session and role itself (requireUser, apiRoute). /api routes answer 401 themselves.
 */
const NOT_FOUND_PAGE = "/_not-found";

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  if (!pathDecodes(pathname)) {
    if (isApi) return refusal(400, "BAD_REQUEST", "the path is not valid percent-encoding");
    return NextResponse.rewrite(new URL(NOT_FOUND_PAGE, request.url));
  }
  if (isApi) return NextResponse.next();
  // The target of the rewrite above, which the proxy sees again: the not-found page needs no session.
  if (pathname === NOT_FOUND_PAGE) return NextResponse.next();
  if (isCrossSiteWrite(request)) return refusal(403, "FORBIDDEN", "cross-site request refused");
  if (isPublicPath(pathname)) return NextResponse.next();
  const token = await getToken({ req: request, secret: authSecret(), secureCookie: secureCookiesEnabled() });
  if (token?.id) return NextResponse.next();
  const login = new URL("/login", request.url);
  login.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(login);
}

function refusal(status: number, code: string, msg: string): NextResponse {
  return NextResponse.json({ code, msg }, { status, headers: { "Cache-Control": "no-store" } });
}

export const config = {
  // Everything but Next's own assets and files with an extension (static files), and any path
  // with a "%" even then: Next decodes a dynamic segment like "/api/share/%.x" too.
  matcher: ["/((?!_next/static/|_next/image/|.*\\.[A-Za-z0-9]+$).*)", "/((?!_next/static/|_next/image/).*%.*)"],
};
