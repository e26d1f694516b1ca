import "server-only";
import { countAttempt } from "./counted-attempt";
import { MemoryRateLimitStore, type RateLimitStore } from "./rate-limit-memory";
import { rateLimitStore } from "./rate-limit-store";

export { MemoryRateLimitStore, type RateLimitStore } from "./rate-limit-memory";
/** Where clientIp used to live: kept so every limiter, old import or new, counts by the one function. */
export { clientIp } from "./client-ip";

/**
 * Sign-in rate limiting over a sliding window, counted per (account, client
 * address), per address, and per account overall. The pair is the tight limit:
 * someone guessing from elsewhere cannot lock the account's owner out, who signs
 * in from their own address. The per-account ceiling is much higher and only
 * stops a guessing run spread over many addresses. Every attempt is counted
 * *before* the password is checked (see countAttempt); a success then takes its
 * attempt back (and clears the pair's failures), so only failures accumulate.
 *
 * The counters live behind `RateLimitStore`: in Redis when REDIS_URL is set, so
 * every app instance counts together, else in this process (see rate-limit-store.ts).
 * Addresses come from clientIp (client-ip.ts).
 */
export interface SignInLimits {
  /** Failed attempts per (account, address) within the window; the next one is refused. */
  perAccountAndIp: number;
  /** Failed attempts per address, whatever the account. */
  perIp: number;
  /** Failed attempts per account from all addresses together: the global ceiling. */
  perAccount: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perAccountAndIp: 5, perIp: 20, perAccount: 100, windowMs: 15 * 60_000 };

/** An admitted attempt: report how it ended. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
  /** Failures need no bookkeeping (the attempt already counts); provided for symmetry. */
  failed(): Promise<void>;
}

export class SignInRateLimiter {
  constructor(
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {}

  private static keys(account: string, ip: string) {
    const normalized = account.trim().toLowerCase();
    return { pair: `signin:pair:${ip}:${normalized}`, ip: `signin:ip:${ip}`, account: `signin:account:${normalized}` };
  }

  /** Counts an attempt; null when the pair, the address or the account is over its limit (try again later). */
  async begin(account: string, ip: string): Promise<SignInAttempt | null> {
    const keys = SignInRateLimiter.keys(account, ip);
    const { windowMs, perAccountAndIp, perIp, perAccount } = this.limits;
    const limits = [
      { key: keys.pair, limit: perAccountAndIp },
      { key: keys.ip, limit: perIp },
      { key: keys.account, limit: perAccount },
    ];
    const now = this.clock();
    const attempt = await countAttempt(this.store, limits, windowMs, now);
    if (!attempt.allowed) return null;
    return {
      succeeded: async () => {
        await Promise.all([this.store.reset(keys.pair), this.store.undo(keys.ip, now), this.store.undo(keys.account, now)]);
      },
      failed: async () => {},
    };
  }
}

// One limiter per process (kept on globalThis so every route bundle shares it).
const GLOBAL_KEY = Symbol.for("rebate-desk.sign-in-limiter");
type GlobalWithLimiter = typeof globalThis & { [GLOBAL_KEY]?: SignInRateLimiter };

export function signInLimiter(): SignInRateLimiter {
  const holder = globalThis as GlobalWithLimiter;
  holder[GLOBAL_KEY] ??= new SignInRateLimiter(rateLimitStore("signin"));
  return holder[GLOBAL_KEY];
}
