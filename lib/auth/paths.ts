// Which pages need a session, and safe post-sign-in destinations. Pure: used by
// proxy.ts, the login page and tests.

/**
 * Paths proxy.ts lets through without a session: the login page, share links
 * (`/r/<token>`, checked by their own token), digest unsubscribe links (`/unsubscribe/<token>`), every /api route (each answers 401
 * itself through apiRoute), Next's assets, and files (anything with an extension).
 */
export function isPublicPath(pathname: string): boolean {
  if (pathname === "/login" || pathname.startsWith("/login/")) return true;
  if (pathname.startsWith("/r/")) return true;
  // A digest mail's unsubscribe link (checked by its own signed token).
  if (pathname.startsWith("/unsubscribe/")) return true;
  if (pathname === "/api" || pathname.startsWith("/api/")) return true;
  if (pathname.startsWith("/_next/")) return true;
  const last = pathname.split("/").pop() ?? "";
  return /\.[A-Za-z0-9]+$/.test(last);
}

/**
 * A same-origin path to go to after signing in: `raw` when it is a plain
 * absolute path (not `//host`, not `/\host`, not the login page), else "/".
 */
export function safeCallbackPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  if (/[\u0000-\u001f]/.test(raw)) return "/";
  try {
    const url = new URL(raw, "http://placeholder.invalid");
    if (url.origin !== "http://placeholder.invalid") return "/";
    if (url.pathname === "/login") return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}
