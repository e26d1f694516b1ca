/**
 * The pipeline of every route a shared page uses (/r/<token>/…): resolve the
 * token, check the unlock cookie of password links, then run the handler with
 * the open link. Every refusal of the link itself — unknown, tampered,
 * revoked, paused, expired, locked — is the same 404, until the address has
 * had too many of them (429, lib/share/guess-limit.ts); a request outside the
 * scope is a 403. Answers are never cached, never indexed and send no referrer.
 */
import "server-only";
import { clientIp } from "../auth/rate-limit";
import { getDb, type Db } from "../db/client";
import type { RouteContext } from "../api/route";
import { cookieValue } from "../api/cookies";
import { resolveShareToken, type OpenShareLink } from "./store";
import { shareGuessLimiter, tooManyGuesses } from "./guess-limit";
import { isUnlocked } from "./unlock";
import { unlockCookieName } from "./token";

export const SHARED_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
};

export const LINK_NOT_FOUND = { code: "NOT_FOUND", msg: "This link does not exist or is no longer available." } as const;

export function sharedJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...SHARED_HEADERS, ...headers } });
}

export class ShareRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    msg: string,
  ) {
    super(msg);
  }
}

/** The open link of a request to /r/<token>/…, unlocked, or null (→ the one not-found). */
export async function openLinkForRequest(db: Db, request: Request, token: string): Promise<OpenShareLink | null> {
  const open = await resolveShareToken(db, token);
  if (!open) return null;
  const cookie = open.link.passwordHash ? cookieValue(request.headers.get("cookie"), unlockCookieName(open.link.id)) : undefined;
  return isUnlocked(open.link, cookie) ? open : null;
}

export interface SharedContext {
  request: Request;
  db: Db;
  open: OpenShareLink;
  token: string;
  params: Record<string, string>;
}

export function sharedRoute(handler: (ctx: SharedContext) => Promise<Response | object>) {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    try {
      const raw = (await context?.params) ?? {};
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(raw)) if (typeof value === "string") params[key] = value;
      const token = params.token ?? "";
      const db = await getDb();
      const lookup = await shareGuessLimiter().lookup(clientIp(request.headers), () => openLinkForRequest(db, request, token));
      if (lookup.throttled) return sharedJson(tooManyGuesses(lookup.retryAfterSeconds), 429, { "Retry-After": String(lookup.retryAfterSeconds) });
      const open = lookup.found;
      if (!open) return sharedJson(LINK_NOT_FOUND, 404);
      const result = await handler({ request, db, open, token, params });
      if (result instanceof Response) {
        for (const [key, value] of Object.entries(SHARED_HEADERS)) result.headers.set(key, value);
        return result;
      }
      return sharedJson(result);
    } catch (error) {
      if (error instanceof ShareRefusal) return sharedJson({ code: error.code, msg: error.message }, error.status);
      if (error instanceof Error && error.name === "ApiError") {
        const e = error as Error & { status: number; code: string | number };
        return sharedJson({ code: e.code, msg: e.message }, e.status);
      }
      console.error("[share] route failed", error);
      return sharedJson({ code: "INTERNAL", msg: "internal error" }, 500);
    }
  };
}
