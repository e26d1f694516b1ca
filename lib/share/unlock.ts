/**
 * Password-protected links: the unlock check (is this request's cookie the
 * link's unlock cookie?) and the guess limiter. Wrong guesses are counted per
 * link and client address (clientIp), and per link overall, before the password
 * is checked, so parallel guesses cannot slip past; a success takes its attempt back.
 */
import "server-only";
import { countAttempt, type CountedAttempt } from "../auth/counted-attempt";
import { MemoryRateLimitStore, type RateLimitStore } from "../auth/rate-limit";
import { rateLimitStore } from "../auth/rate-limit-store";
import type { ShareLinkRow } from "../db/schema";
import { constantTimeEqual, unlockCookieName, unlockCookieValue } from "./token";

/**
 * Per (link, address) is the tight limit, so guesses from elsewhere cannot lock
 * the link's real recipient out; the per-link ceiling is much higher and only
 * stops a guessing run spread over many addresses.
 */
export const UNLOCK_LIMITS = { perIp: 5, perLink: 100, windowMs: 15 * 60_000 };
/** How long an unlocked link stays open in one browser. */
export const UNLOCK_MAX_AGE_S = 12 * 3600;

/** True when the link has no password, or `cookieValue` is its current unlock cookie. */
export function isUnlocked(link: Pick<ShareLinkRow, "id" | "passwordHash">, cookieValue: string | undefined): boolean {
  if (!link.passwordHash) return true;
  return cookieValue !== undefined && constantTimeEqual(cookieValue, unlockCookieValue(link.id, link.passwordHash));
}

export function unlockCookie(link: Pick<ShareLinkRow, "id" | "passwordHash">): { name: string; value: string } {
  if (!link.passwordHash) throw new Error("link has no password");
  return { name: unlockCookieName(link.id), value: unlockCookieValue(link.id, link.passwordHash) };
}

export class UnlockLimiter {
  constructor(private readonly store: RateLimitStore = new MemoryRateLimitStore(), private readonly limits = UNLOCK_LIMITS) {}

  /**
   * Counts an attempt; false when this link has had too many from this
   * address, or too many overall (see countAttempt for the counting rules).
   */
  async attempt(linkId: string, ip: string, now = Date.now()): Promise<CountedAttempt> {
    const limits = [
      { key: `share:${linkId}:${ip}`, limit: this.limits.perIp },
      { key: `share:${linkId}`, limit: this.limits.perLink },
    ];
    return countAttempt(this.store, limits, this.limits.windowMs, now);
  }
}

const GLOBAL_KEY = Symbol.for("rebate-desk.share-unlock-limiter");
type GlobalWithLimiter = typeof globalThis & { [GLOBAL_KEY]?: UnlockLimiter };

/** One limiter per process, shared by every route bundle; its counts live in Redis when REDIS_URL is set. */
export function unlockLimiter(): UnlockLimiter {
  const holder = globalThis as GlobalWithLimiter;
  holder[GLOBAL_KEY] ??= new UnlockLimiter(rateLimitStore("share-unlock"));
  return holder[GLOBAL_KEY];
}
