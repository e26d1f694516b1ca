import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { pathDecodes } from "@/lib/api/safe-input";
import { isCrossSiteWrite } from "@/lib/api/same-origin";
import { authSecret, secureCookiesEnabled } from "@/lib/auth/config";
import { isPublicPath } from "@/lib/auth/paths";
import { contentSecurityPolicy, newNonce, NONCE_HEADER, strictTransportSecurity } from "@/lib/http/page-security";
import { frameAncestorsForToken, sharedPageToken } from "@/lib/share/embed";

/**
 * Next 16's request proxy (formerly middleware), in front of every page and
 * /api route. It refuses what Next itself would answer with a bare 500 before
 * any handler of ours runs: a path that is not valid percent-encoding (400
 * `{code,msg}` for /api, the not-found page for pages) and a cross-site POST to
 * a page — a server action from another site's page (403; Next throws on it).
 * Pages get their nonce-based Content-Security-Policy (and HSTS behind an https
 * NEXTAUTH_URL; lib/http/page-security.ts); a share link's page may be framed by
 * the origins its link lists (lib/share/embed.ts), every other page by none. Signed-out visitors of app pages go
 * to /login?callbackUrl=…, a convenience only: every page, server action and
 * route handler checks the session and role itself (requireUser, apiRoute).
 * /api routes answer 401 themselves.
 */
const NOT_FOUND_PAGE = "/_not-found";

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  if (!pathDecodes(pathname)) {
    if (isApi) return refusal(400, "BAD_REQUEST", "the path is not valid percent-encoding");
    return securePage(request, new URL(NOT_FOUND_PAGE, request.url));
  }
  if (isApi) return NextResponse.next();
  // The target of the rewrite above, which the proxy sees again: the not-found page needs no session.
  if (pathname === NOT_FOUND_PAGE) return securePage(request);
  if (isCrossSiteWrite(request)) return refusal(403, "FORBIDDEN", "cross-site request refused");
  if (!isPublicPath(pathname)) {
    const token = await getToken({ req: request, secret: authSecret(), secureCookie: secureCookiesEnabled() });
    if (!token?.id) {
      const login = new URL("/login", request.url);
      login.searchParams.set("callbackUrl", `${pathname}${search}`);
      return withTransportSecurity(NextResponse.redirect(login));
    }
  }
  const shareToken = sharedPageToken(pathname);
  return securePage(request, undefined, shareToken ? await frameAncestorsForToken(shareToken) : undefined);
}

/** The page (or the page a bad path is rewritten to) with a fresh nonce in its CSP. */
function securePage(request: NextRequest, rewriteTo?: URL, frameAncestors?: string): NextResponse {
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development", frameAncestors);
  // Next takes the nonce for its own scripts from the request's CSP header.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const init = { request: { headers: requestHeaders } };
  const response = rewriteTo ? NextResponse.rewrite(rewriteTo, init) : NextResponse.next(init);
  response.headers.set("Content-Security-Policy", policy);
  return withTransportSecurity(response);
}

function withTransportSecurity(response: NextResponse): NextResponse {
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

function refusal(status: number, code: string, msg: string): NextResponse {
  return withTransportSecurity(NextResponse.json({ code, msg }, { status, headers: { "Cache-Control": "no-store" } }));
}

export const config = {
  // Everything but Next's own assets and files with an extension (static files), and any path
  // with a "%" even then: Next decodes a dynamic segment like "/api/share/%.x" too.
  matcher: ["/((?!_next/static/|_next/image/|.*\\.[A-Za-z0-9]+$).*)", "/((?!_next/static/|_next/image/).*%.*)"],
};
