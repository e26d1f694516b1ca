/**
 * Password-protected links: the unlock check (is this request's cookie the
 * link's unlock cookie?) and the guess limiter. Wrong guesses are counted per
 * link and client IP, and per link overall, before the password is checked, so
 * parallel guesses cannot slip past; a success takes its attempt back.
 */
import "server-only";
import { MemoryRateLimitStore, type RateLimitStore } from "../auth/rate-limit";
import { rateLimitStore } from "../auth/rate-limit-store";
import type { ShareLinkRow } from "../db/schema";
import { constantTimeEqual, unlockCookieName, unlockCookieValue } from "./token";

export const UNLOCK_LIMITS = { perIp: 5, perLink: 30, windowMs: 15 * 60_000 };
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
   * Counts an attempt; false when this link (from this IP, or overall) has had
   * too many. The attempt is recorded first and then checked, so parallel
   * guesses cannot all pass a check made before any of them was counted.
   */
  async attempt(linkId: string, ip: string, now = Date.now()): Promise<{ allowed: boolean; undo: () => Promise<void> }> {
    const ipKey = `share:${linkId}:${ip}`;
    const linkKey = `share:${linkId}`;
    const [byIp, byLink] = await Promise.all([this.store.hit(ipKey, this.limits.windowMs, now), this.store.hit(linkKey, this.limits.windowMs, now)]);
    const undo = async () => {
      await Promise.all([this.store.undo(ipKey, now), this.store.undo(linkKey, now)]);
    };
    if (byIp > this.limits.perIp || byLink > this.limits.perLink) {
      // A refused attempt is not counted: it was never checked against the password.
      await undo();
      return { allowed: false, undo: async () => undefined };
    }
    return { allowed: true, undo };
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
