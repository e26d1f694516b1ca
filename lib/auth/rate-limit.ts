import "server-only";
import { MemoryRateLimitStore, type RateLimitStore } from "./rate-limit-memory";
import { rateLimitStore } from "./rate-limit-store";

export { MemoryRateLimitStore, type RateLimitStore } from "./rate-limit-memory";

/**
 * Sign-in rate limiting per account (normalised e-mail) and per client IP over a
 * sliding window. Every attempt is counted *before* the password is checked, so
 * a burst of parallel guesses can't slip past the limit while bcrypt runs; a
 * success then takes its attempt back (and clears the account's counter), so
 * only failures accumulate. A refused (blocked) attempt is not counted.
 *
 * The counters live behind `RateLimitStore`: in Redis when REDIS_URL is set, so
 * every app instance counts together, else in this process (see rate-limit-store.ts).
 */
export interface SignInLimits {
  /** Failed attempts per account within the window; the next one is refused. */
  perAccount: number;
  /** Failed attempts per IP within the window; the next one is refused. */
  perIp: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perAccount: 5, perIp: 20, windowMs: 15 * 60_000 };

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
    return { account: `signin:account:${account.trim().toLowerCase()}`, ip: `signin:ip:${ip}` };
  }

  /** Counts an attempt; null when the account or the IP is over its limit (try again later). */
  async begin(account: string, ip: string): Promise<SignInAttempt | null> {
    const keys = SignInRateLimiter.keys(account, ip);
    const now = this.clock();
    const { windowMs, perAccount, perIp } = this.limits;
    const [byAccount, byIp] = await Promise.all([
      this.store.hit(keys.account, windowMs, now),
      this.store.hit(keys.ip, windowMs, now),
    ]);
    if (byAccount > perAccount || byIp > perIp) {
      await Promise.all([this.store.undo(keys.account, now), this.store.undo(keys.ip, now)]);
      return null;
    }
    return {
      succeeded: async () => {
        await Promise.all([this.store.reset(keys.account), this.store.undo(keys.ip, now)]);
      },
      failed: async () => {},
    };
  }
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The client's IP: the first entry of `x-forwarded-for`, else `x-real-ip`, else
 * the socket address when known, else "unknown". `next start` fills
 * `x-forwarded-for` with the socket address when a request arrives without one;
 * behind a reverse proxy, that proxy must set (overwrite) it, or a client could
 * pick its own address and dodge the per-IP limit (the per-account limit still holds).
 */
export function clientIp(headers: HeaderSource, remoteAddress?: string): string {
  const forwarded = header(headers, "x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded;
  const real = header(headers, "x-real-ip")?.trim();
  if (real) return real;
  return remoteAddress?.trim() || "unknown";
}

// One limiter per process (kept on globalThis so every route bundle shares it).
const GLOBAL_KEY = Symbol.for("rebate-desk.sign-in-limiter");
type GlobalWithLimiter = typeof globalThis & { [GLOBAL_KEY]?: SignInRateLimiter };

export function signInLimiter(): SignInRateLimiter {
  const holder = globalThis as GlobalWithLimiter;
  holder[GLOBAL_KEY] ??= new SignInRateLimiter(rateLimitStore("signin"));
  return holder[GLOBAL_KEY];
}
