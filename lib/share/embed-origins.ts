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

/**
 * A list of origins as a person gave it: normalised, without repeats or blanks,
 * at most MAX_EMBED_ORIGINS — or the first entry refused, in words that name it.
 * The one check behind the create request's field and an edit of the origins.
 */
export function checkEmbedOrigins(list: readonly string[]): { ok: true; origins: string[] } | { ok: false; reason: string } {
  const origins: string[] = [];
  for (const text of list) {
    if (!text.trim()) continue;
    const parsed = parseEmbedOrigin(text);
    if (!parsed.ok) return parsed;
    if (!origins.includes(parsed.origin)) origins.push(parsed.origin);
  }
  if (origins.length > MAX_EMBED_ORIGINS) return { ok: false, reason: `at most ${MAX_EMBED_ORIGINS} origins may embed a link (${origins.length} given)` };
  return { ok: true, origins };
}

/** The field as sent: strings, bounded (repeats and blanks are dropped before checkEmbedOrigins counts). */
export const embedOriginTextsSchema = z.array(z.string().max(300)).max(5 * MAX_EMBED_ORIGINS, `at most ${MAX_EMBED_ORIGINS} origins may embed a link`);

/** The create request's field: a list of origins, checked by checkEmbedOrigins. */
export const embedOriginsSchema = embedOriginTextsSchema.default([]).transform((list, ctx) => {
  const checked = checkEmbedOrigins(list);
  if (checked.ok) return checked.origins;
  ctx.addIssue({ code: "custom", message: checked.reason });
  return z.NEVER;
});

/** Two lists of origins name the same sites (order aside). */
export function sameOrigins(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((origin) => b.includes(origin));
}

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
