import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { authSecret, secureCookiesEnabled } from "@/lib/auth/config";
import { isPublicPath } from "@/lib/auth/paths";

/**
 * Next 16's request proxy (formerly middleware): sends signed-out visitors of
 * app pages to /login?callbackUrl=…. A convenience only — every page, server
 * action and route handler checks the session and role itself (requireUser,
 * apiRoute), so nothing depends on this file for security. /api routes answer
 * 401 themselves and pass through here.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  if (isPublicPath(pathname)) return NextResponse.next();
  const token = await getToken({ req: request, secret: authSecret(), secureCookie: secureCookiesEnabled() });
  if (token?.id) return NextResponse.next();
  const login = new URL("/login", request.url);
  login.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(login);
}

export const config = {
  // Skip Next's assets, /api (handlers answer 401 themselves) and files with an extension.
  matcher: ["/((?!api/|_next/static/|_next/image/|.*\\.[A-Za-z0-9]+$).*)"],
};
