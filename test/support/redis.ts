/**
 * Redis for the shared-store tests: TEST_REDIS_URL (default
 * redis://127.0.0.1:6379). Each run gets its own key prefix and deletes its
 * keys afterwards, so runs and test files never collide. Fails clearly when
 * the server is unreachable: the shared stores are part of what the tests prove.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { createRedis } from "@/lib/config/redis";

export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export interface TestRedis {
  /** A unique namespace for this run: "rd-test:<uuid>:". */
  prefix: string;
  /** A new connection, as another app instance would open. */
  connect(): Promise<Redis>;
  /** Deletes every key under the prefix and closes the connections. */
  cleanup(): Promise<void>;
}

export function testRedis(): TestRedis {
  const prefix = `rd-test:${randomUUID()}:`;
  const opened: Redis[] = [];
  return {
    prefix,
    async connect() {
      const redis = createRedis(REDIS_TEST_URL);
      opened.push(redis);
      try {
        await redis.connect();
      } catch (error) {
        throw new Error(`Redis is required for these tests and is unreachable at ${REDIS_TEST_URL} (set TEST_REDIS_URL): ${(error as Error).message}`);
      }
      return redis;
    },
    async cleanup() {
      const [first] = opened;
      if (first) {
        const keys: string[] = [];
        for await (const batch of first.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...(batch as string[]));
        if (keys.length) await first.del(...keys);
      }
      await Promise.all(opened.map((r) => r.quit().catch(() => r.disconnect())));
    },
  };
}

/**
 * Two connections to one Redis, as two app instances hold them: opened before
 * the calling file's tests, closed after (with every key of the run deleted).
 * freshPrefix gives each test its own namespace, so tests never see each
 * other's keys; connect opens a further connection.
 */
export function twoRedisConnections(): { readonly one: Redis; readonly two: Redis; freshPrefix(): string; connect(): Promise<Redis> } {
  const redis = testRedis();
  let one: Redis | undefined;
  let two: Redis | undefined;
  let n = 0;
  beforeAll(async () => {
    one = await redis.connect();
    two = await redis.connect();
  });
  afterAll(() => redis.cleanup());
  const opened = (connection: Redis | undefined): Redis => {
    if (!connection) throw new Error("the Redis connections open in beforeAll");
    return connection;
  };
  return {
    get one() {
      return opened(one);
    },
    get two() {
      return opened(two);
    },
    freshPrefix: () => `${redis.prefix}${++n}:`,
    connect: () => redis.connect(),
  };
}
