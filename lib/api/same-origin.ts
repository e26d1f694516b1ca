/**
 * Is this a write from another site's page? Used by the API pipeline and by
 * proxy.ts for server actions: SameSite cookies already stop most cross-site
 * writes; this refuses the rest wherever the browser says where it came from.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  try {
    return new URL(origin).host !== host.split(",")[0]?.trim();
  } catch {
    return true;
  }
}
