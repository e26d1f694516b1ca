/**
 * Coalesces identical reads in flight and answers repeats from a short-lived
 * cache, so many browser tabs polling the same ticker cost one upstream call.
 * Only idempotent endpoints go through it; errors are never cached.
 */

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** `load` runs at most once per key while a call is in flight or its answer is fresh. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    const value = load();
    // In flight: never expires until settled; then fresh for ttlMs.
    const entry: Entry = { value, expiresAt: Number.POSITIVE_INFINITY };
    this.entries.set(key, entry);
    value.then(
      () => {
        entry.expiresAt = this.now() + this.ttlMs;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    if (this.entries.size > this.maxEntries) this.evict(now);
    return value;
  }

  /** Forgets every answer (after a write on the connection: orders placed or cancelled change what reads return). */
  clear(): void {
    this.entries.clear();
  }

  private evict(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
    // Still too many (all fresh or in flight): drop the oldest insertions.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
