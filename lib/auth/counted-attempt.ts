/**
 * One attempt counted under several limits at once (sign-in, share-link
 * passwords). The attempt is recorded under every key *first* and then
 * checked, so a burst of parallel guesses cannot all pass a check made before
 * any of them was counted; a refused attempt is taken back at once (it was
 * never checked against a password, so it must not extend a block).
 */
import type { RateLimitStore } from "./rate-limit-memory";

export interface KeyLimit {
  key: string;
  /** Attempts allowed within the window; the next one is refused. */
  limit: number;
}

export interface CountedAttempt {
  allowed: boolean;
  /** Takes this attempt back from every key (a success, or a refusal). */
  undo(): Promise<void>;
}

export async function countAttempt(store: RateLimitStore, limits: readonly KeyLimit[], windowMs: number, now: number): Promise<CountedAttempt> {
  const counts = await Promise.all(limits.map(({ key }) => store.hit(key, windowMs, now)));
  const undo = async () => {
    await Promise.all(limits.map(({ key }) => store.undo(key, now)));
  };
  if (limits.some(({ limit }, i) => (counts[i] ?? 0) > limit)) {
    await undo();
    return { allowed: false, undo: async () => undefined };
  }
  return { allowed: true, undo };
}
