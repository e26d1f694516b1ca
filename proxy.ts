import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { authSecret, secureCookiesEnabled } from "@/lib/auth/config";
import { isPublicPath } from "@/lib/auth/paths";
import { contentSecurityPolicy, newNonce, NONCE_HEADER, strictTransportSecurity } from "@/lib/http/page-security";

/**
 * Next 16's request proxy (formerly middleware), on every page request:
 * gives the page its nonce-based Content-Security-Policy (and HSTS behind an
 * https NEXTAUTH_URL; lib/http/page-security.ts), and sends signed-out visitors
 * of app pages to /login?callbackUrl=…. The redirect is a convenience only —
 * every page, server action and route handler checks the session and role
 * itself (requireUser, apiRoute), so nothing depends on this file for security.
 * /api routes answer 401 themselves and pass through here.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  if (!isPublicPath(pathname)) {
    const token = await getToken({ req: request, secret: authSecret(), secureCookie: secureCookiesEnabled() });
    if (!token?.id) {
      const login = new URL("/login", request.url);
      login.searchParams.set("callbackUrl", `${pathname}${search}`);
      return withTransportSecurity(NextResponse.redirect(login));
    }
  }
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  // Next takes the nonce for its own scripts from the request's CSP header.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return withTransportSecurity(response);
}

function withTransportSecurity(response: NextResponse): NextResponse {
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

export const config = {
  // Skip Next's assets, /api (handlers answer 401 themselves) and files with an extension.
  matcher: ["/((?!api/|_next/static/|_next/image/|.*\\.[A-Za-z0-9]+$).*)"],
};
