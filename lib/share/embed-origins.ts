/**
 * Which sites may show a share link in a frame: exact origins its creator
 * lists, nothing broader. https only, except http on loopback (a developer's
 * own machine); no wildcards, paths, queries or credentials. Browser-safe and
 * pure: the share dialog, the create request's schema and the CSP header all
 * read the same rule, and the header re-checks what it reads from the database.
 */
import { z } from "zod";

export const MAX_EMBED_ORIGINS = 10;

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
/** Host names as URL leaves them (lower case, punycode) or bracketed IPv6: no "*" or other sign a CSP would read. */
const PLAIN_HOST = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/;

/** The origin `text` names exactly (a trailing "/" is allowed), or a reason in words it is refused. */
export function parseEmbedOrigin(text: string): { ok: true; origin: string } | { ok: false; reason: string } {
  const raw = text.trim().replace(/\/$/, "");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `"${raw.slice(0, 60)}" is not an address like https://example.com` };
  }
  const origin = url.origin;
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK_HOSTS.test(url.hostname))) {
    return { ok: false, reason: `${origin === "null" ? raw.slice(0, 60) : origin}: only https:// origins (http:// only on this machine's loopback)` };
  }
  // An origin is scheme, host and port: anything more would be dropped silently by the browser, so it is refused here.
  if (!PLAIN_HOST.test(url.hostname)) return { ok: false, reason: `${raw.slice(0, 60)}: name one site exactly (no wildcards)` };
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/" || raw.toLowerCase() !== origin.toLowerCase()) {
    return { ok: false, reason: `${raw.slice(0, 60)}: give the site's origin only (scheme, host and port, no path)` };
  }
  return { ok: true, origin };
}

/** The create request's field: a list of origins, normalised, without repeats. */
export const embedOriginsSchema = z
  .array(z.string().max(300))
  .max(MAX_EMBED_ORIGINS, `at most ${MAX_EMBED_ORIGINS} origins may embed a link`)
  .default([])
  .transform((list, ctx) => {
    const origins: string[] = [];
    for (const text of list) {
      if (!text.trim()) continue;
      const parsed = parseEmbedOrigin(text);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.reason });
      else if (!origins.includes(parsed.origin)) origins.push(parsed.origin);
    }
    return origins;
  });

/** The share dialog's one text field (origins separated by spaces, commas or lines) as the list the API takes. */
export function splitOriginList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The `frame-ancestors` value for a link's stored origins: each re-checked, so
 * a row edited by hand can loosen nothing; none left means 'none'.
 */
export function frameAncestors(stored: readonly string[]): string {
  const origins = stored.flatMap((text) => {
    const parsed = parseEmbedOrigin(text);
    return parsed.ok && parsed.origin === text ? [parsed.origin] : [];
  });
  return origins.length > 0 ? origins.join(" ") : "'none'";
}
