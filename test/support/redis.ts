/**
 * Redis for the shared-store tests: TEST_REDIS_URL (default
 * redis://127.0.0.1:6379). Each run gets its own key prefix and deletes its
 * keys afterwards, so runs and test files never collide. Fails clearly when
 * the server is unreachable: the shared stores are part of what the tests prove.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
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
