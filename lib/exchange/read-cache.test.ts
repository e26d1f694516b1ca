import { describe, expect, it } from "vitest";
import { ReadCache } from "./read-cache";

describe("ReadCache", () => {
  it("coalesces identical reads in flight and serves repeats while fresh", async () => {
    let clock = 0;
    const cache = new ReadCache(1_000, 100, () => clock);
    let loads = 0;
    const load = () => new Promise<number>((r) => setTimeout(() => r(++loads), 10));
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    clock = 500;
    expect(await cache.get("k", load)).toBe(1);
    clock = 2_000;
    expect(await cache.get("k", load)).toBe(2);
  });

  it("forgets everything on clear (after a write on the connection)", async () => {
    const cache = new ReadCache(60_000);
    expect(await cache.get("k", () => Promise.resolve("before"))).toBe("before");
    cache.clear();
    expect(await cache.get("k", () => Promise.resolve("after"))).toBe("after");
  });

  it("never caches a failure", async () => {
    const cache = new ReadCache(60_000);
    await expect(cache.get("k", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("k", () => Promise.resolve("ok"))).toBe("ok");
  });
});
