/**
 * `REDIS_URL`: when set, the weight budget and the rate limits live in Redis,
 * shared by every app instance. Parsed here without connecting, so start-up
 * can refuse a malformed value with one clear message.
 *
 * Read at call time (never at import time) so a build and a start may differ.
 */

/** The environment to read (process.env, or a plain object in tests). */
export type Env = Readonly<Record<string, string | undefined>>;

export function redisUrl(env: Env = process.env): string | undefined {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("REDIS_URL is not a URL (expected redis://[user:password@]host[:port][/db] or rediss://…)");
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new Error("REDIS_URL must start with redis:// or rediss://");
  }
  if (!url.hostname) throw new Error("REDIS_URL has no host");
  const db = url.pathname.replace(/^\//, "");
  if (db !== "" && !/^\d+$/.test(db)) throw new Error(`REDIS_URL database must be a number, not "${db}"`);
  return raw;
}
