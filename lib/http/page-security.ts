/**
 * The per-request security headers of pages, set by proxy.ts: a Content
 * Security Policy whose script-src allows only scripts carrying this request's
 * nonce (Next reads the nonce from the request's CSP header and puts it on its
 * own scripts; our inline theme script reads it from NONCE_HEADER), and
 * Strict-Transport-Security when the public URL is https. Pages therefore
 * render per request (the root layout reads the nonce). Other responses keep
 * the static headers of next.config.mjs. Pure: safe in the proxy and in tests.
 */

export const NONCE_HEADER = "x-nonce";

/** One year; subdomains are left alone (they may not be ours to pin to https). */
export const HSTS_VALUE = "max-age=31536000";

/** 128 random bits, base64: unguessable, fresh per request. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The policy: scripts by nonce, and what they load ('strict-dynamic', so Next's
 * chunk loader works); the directives of next.config.mjs kept. Styles stay
 * unrestricted: charts and layout use style attributes, which a style nonce
 * cannot cover. Development adds 'unsafe-eval' (React's dev tooling evals; production never does).
 * `frameAncestors` is 'none' but for a share link's page that lists origins
 * allowed to embed it (lib/share/embed.ts computes it, per request).
 */
export function contentSecurityPolicy(nonce: string, development = false, frameAncestors = "'none'"): string {
  return [
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** Strict-Transport-Security for an https NEXTAUTH_URL (the same rule as secure cookies), else nothing. */
export function strictTransportSecurity(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  return env.NEXTAUTH_URL?.trim().toLowerCase().startsWith("https://") ? HSTS_VALUE : null;
}
