/**
 * Share-link guessing throttle: every request for a link that does not open
 * (unknown, tampered, revoked, paused, expired or locked — one 404 for all) is
 * counted per client address; past the limit the address gets a 429 for every
 * share request, before any token is looked at, so a guesser at the limit
 * learns nothing about which tokens exist. An attempt is counted before the
 * lookup (parallel guesses cannot slip past) and taken back when the link opens.
 * A refusal says the true wait — until the address's oldest counted miss leaves
 * the window and makes room — read from the store's own counts (memory or Redis).
 */
import "server-only";
import { MemoryRateLimitStore, type RateLimitStore } from "../auth/rate-limit";
import { rateLimitStore } from "../auth/rate-limit-store";
import { minutesWords } from "../format/time";

export interface GuessLimits {
  /** Requests for links that do not open, per address within the window; the next one is refused. */
  perAddress: number;
  windowMs: number;
}

const DEFAULT_PER_ADDRESS = 30;

/** SHARE_GUESS_LIMIT overrides the count (a whole office behind one address, or a test run). */
export function guessLimits(env: Record<string, string | undefined> = process.env): GuessLimits {
  const configured = Number(env.SHARE_GUESS_LIMIT);
  const perAddress = Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_PER_ADDRESS;
  return { perAddress, windowMs: 15 * 60_000 };
}

export type GuessAttempt =
  | { allowed: true; /** The link opened: this request was no guess. */ opened(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

export type GuardedLookup<T> = { throttled: true; retryAfterSeconds: number } | { throttled: false; found: T | null };

export class ShareGuessLimiter {
  constructor(
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    readonly limits: GuessLimits = guessLimits(),
  ) {}

  async attempt(address: string, now = Date.now()): Promise<GuessAttempt> {
    const key = `guess:${address}`;
    const count = await this.store.hit(key, this.limits.windowMs, now);
    if (count > this.limits.perAddress) {
      // A refused request looked at no token: it is not a guess and does not extend the block.
      await this.store.undo(key, now);
      // Room comes when enough of the oldest misses have left the sliding window: that instant, not a whole window.
      const waitMs = await this.store.msUntilRoom(key, this.limits.perAddress, this.limits.windowMs, now);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    return { allowed: true, opened: () => this.store.undo(key, now) };
  }

  /** Runs `find` (a token lookup) as one attempt: not at all past the limit, taken back when it finds the link. */
  async lookup<T>(address: string, find: () => Promise<T | null | undefined>, now = Date.now()): Promise<GuardedLookup<T>> {
    const attempt = await this.attempt(address, now);
    if (!attempt.allowed) return { throttled: true, retryAfterSeconds: attempt.retryAfterSeconds };
    const found = (await find()) ?? null;
    if (found !== null) await attempt.opened();
    return { throttled: false, found };
  }
}

/** The 429's body; its Retry-After is the same `retryAfterSeconds`. */
export function tooManyGuesses(retryAfterSeconds: number) {
  return {
    code: "TOO_MANY_REQUESTS",
    msg: `Too many requests for links that do not exist. Wait ${minutesWords(retryAfterSeconds)} and try again.`,
    retryAfterSeconds,
  };
}

const GLOBAL_KEY = Symbol.for("rebate-desk.share-guess-limiter");
type GlobalWithLimiter = typeof globalThis & { [GLOBAL_KEY]?: ShareGuessLimiter };

/** One limiter per process, shared by the shared page and every shared route; counts in Redis when REDIS_URL is set. */
export function shareGuessLimiter(): ShareGuessLimiter {
  const holder = globalThis as GlobalWithLimiter;
  holder[GLOBAL_KEY] ??= new ShareGuessLimiter(rateLimitStore("share-guess"));
  return holder[GLOBAL_KEY];
}
