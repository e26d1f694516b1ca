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

/** A counted password attempt; a refused one says, from the counts themselves, when the next is admitted. */
export type UnlockAttempt = (CountedAttempt & { allowed: true }) | { allowed: false; retryAfterSeconds: number };

export class UnlockLimiter {
  constructor(private readonly store: RateLimitStore = new MemoryRateLimitStore(), private readonly limits = UNLOCK_LIMITS) {}

  /**
   * Counts an attempt; refused when this link has had too many from this
   * address, or too many overall (see countAttempt for the counting rules).
   */
  async attempt(linkId: string, ip: string, now = Date.now()): Promise<UnlockAttempt> {
    const limits = [
      { key: `share:${linkId}:${ip}`, limit: this.limits.perIp },
      { key: `share:${linkId}`, limit: this.limits.perLink },
    ];
    const counted = await countAttempt(this.store, limits, this.limits.windowMs, now);
    if (counted.allowed) return { allowed: true, undo: counted.undo };
    const waits = await Promise.all(limits.map(({ key, limit }) => this.store.msUntilRoom(key, limit, this.limits.windowMs, now)));
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
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
