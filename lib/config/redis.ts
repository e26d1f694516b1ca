/**
 * The process's one Redis connection (REDIS_URL), shared by the weight budget
 * and the rate limits, kept on globalThis like the other singletons so every
 * route bundle uses the same socket.
 *
 * Connection policy: connect lazily (a build never connects); reconnect with a
 * capped backoff forever; but a command waits for at most a couple of
 * reconnection attempts and `commandTimeout`, then fails. Each store decides
 * what a failure means (the budget refuses to send, the rate limits fall back to
 * memory), so an outage answers quickly instead of piling up hung requests.
 */
import "server-only";
import { Redis } from "ioredis";
import { redisUrl, type Env } from "./redis-url";

export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/** A connection with the app's policy; tests open several to act as several instances. */
export function createRedis(url: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 2,
    retryStrategy: (times) => Math.min(100 * 2 ** times, 5_000),
  });
  // Without a listener ioredis reports every failed reconnection as an unhandled error event.
  let lastLogged = 0;
  redis.on("error", (error: Error) => {
    const now = Date.now();
    if (now - lastLogged < 30_000) return;
    lastLogged = now;
    console.warn(`[rebate-desk] Redis: ${error.message}`);
  });
  return redis;
}

const KEY = Symbol.for("rebate-desk.redis");
type Holder = { [KEY]?: { url: string; redis: Redis } };

/** The shared connection, or undefined when REDIS_URL is not set. */
export function sharedRedis(env: Env = process.env): Redis | undefined {
  const url = redisUrl(env);
  if (!url) return undefined;
  const holder = globalThis as Holder;
  const existing = holder[KEY];
  if (existing && existing.url === url) return existing.redis;
  const redis = createRedis(url);
  holder[KEY] = { url, redis };
  return redis;
}

/**
 * Start-up check: a malformed REDIS_URL stops the server (thrown by redisUrl);
 * an unreachable Redis only warns, since it may come up after the app and
 * every store already has its outage behaviour.
 */
export async function checkRedisAtStart(env: Env = process.env): Promise<void> {
  const redis = sharedRedis(env);
  if (!redis) return;
  // Never log the URL itself: it may hold a password.
  const { hostname, port } = new URL(redisUrl(env) as string);
  const where = `${hostname}:${port || "6379"}`;
  try {
    await redis.ping();
    console.log(`[rebate-desk] Redis at ${where}: weight budget and rate limits are shared between instances`);
  } catch (error) {
    console.warn(
      `[rebate-desk] Redis at ${where} is not answering (${(error as Error).message}): ` +
        "exchange calls are refused (503) and rate limits count per instance until it does",
    );
  }
}
