import { describe, expect, it, vi } from "vitest";
import { checkRedisAtStart, sharedRedis } from "./redis";
import { redisUrl } from "./redis-url";

describe("REDIS_URL", () => {
  it("is optional", () => {
    expect(redisUrl({})).toBeUndefined();
    expect(redisUrl({ REDIS_URL: "  " })).toBeUndefined();
    expect(sharedRedis({})).toBeUndefined();
  });

  it("accepts redis:// and rediss:// URLs with credentials and a database number", () => {
    expect(redisUrl({ REDIS_URL: "redis://127.0.0.1:6379" })).toBe("redis://127.0.0.1:6379");
    expect(redisUrl({ REDIS_URL: "rediss://user:p%40ss@cache.internal:6380/2" })).toBe("rediss://user:p%40ss@cache.internal:6380/2");
  });

  it("refuses a malformed value with a clear message that never echoes it (it may hold a password)", () => {
    const cases: [string, RegExp][] = [
      ["cache.internal:6379", /redis:\/\/ or rediss:\/\//],
      ["not a url s3cret", /not a URL/],
      ["http://cache.internal", /redis:\/\/ or rediss:\/\//],
      ["redis://cache.internal/abc", /database must be a number/],
    ];
    for (const [value, message] of cases) {
      expect(() => redisUrl({ REDIS_URL: value }), value).toThrow(message);
      expect(() => redisUrl({ REDIS_URL: value })).not.toThrow(/s3cret/);
    }
    expect(() => sharedRedis({ REDIS_URL: "http://x" })).toThrow(/REDIS_URL/);
  });

  it("opens one lazy connection per process and URL", () => {
    const env = { REDIS_URL: "redis://127.0.0.1:6379/0" };
    const first = sharedRedis(env);
    expect(first).toBeDefined();
    expect(sharedRedis(env)).toBe(first);
    expect(first?.status, "lazyConnect: nothing is opened until a command").toBe("wait");
    first?.disconnect();
  });

  it("start-up check: an unreachable Redis warns (without the password) and start carries on", async () => {
    const env = { REDIS_URL: "redis://:hunter2@127.0.0.1:1" };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await checkRedisAtStart(env);
      const logged = warn.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
      expect(logged).toContain("127.0.0.1:1 is not answering");
      expect(logged).not.toContain("hunter2");
    } finally {
      warn.mockRestore();
      sharedRedis(env)?.disconnect();
    }
  });

  it("start-up check: a malformed REDIS_URL is an error", async () => {
    await expect(checkRedisAtStart({ REDIS_URL: "localhost:6379" })).rejects.toThrow(/REDIS_URL must start with redis:\/\//);
    await expect(checkRedisAtStart({})).resolves.toBeUndefined();
  });
});
