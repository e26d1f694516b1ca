import { describe, expect, it } from "vitest";
import { PdfCache } from "./pdf-cache";

describe("PdfCache", () => {
  it("renders a view once: concurrent and later requests for the same key share it; another key renders", async () => {
    const cache = new PdfCache({ maxBytes: 1_000, maxEntries: 10 });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 20));
      return Buffer.from(`%PDF-${renders}`);
    };
    const [a, b] = await Promise.all([cache.render("view-1", render), cache.render("view-1", render)]);
    expect(renders).toBe(1);
    expect(a.equals(b)).toBe(true);
    expect((await cache.lookup("view-1"))?.toString()).toBe("%PDF-1");
    expect((await cache.render("view-1", render)).toString()).toBe("%PDF-1");
    expect(renders).toBe(1);
    expect((await cache.render("view-1-newer-data", render)).toString()).toBe("%PDF-2");
    expect(renders).toBe(2);
  });

  it("keeps nothing from a failed render", async () => {
    const cache = new PdfCache({ maxBytes: 1_000, maxEntries: 10 });
    await expect(cache.render("v", () => Promise.reject(new Error("timeout")))).rejects.toThrow("timeout");
    expect(cache.lookup("v")).toBeUndefined();
    expect((await cache.render("v", async () => Buffer.from("ok"))).toString()).toBe("ok");
  });

  it("is bounded by bytes and by entries, dropping the least recently used", async () => {
    const cache = new PdfCache({ maxBytes: 250, maxEntries: 3 });
    const pdf = (n: number) => async () => Buffer.alloc(n);
    await cache.render("a", pdf(100));
    await cache.render("b", pdf(100));
    await cache.lookup("a"); // a is now more recent than b
    await cache.render("c", pdf(100)); // 300 bytes > 250: b goes
    expect(cache.lookup("b")).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 200 });
    expect(cache.lookup("a")).toBeDefined(); // and now a is more recent than c
    await cache.render("d", pdf(10));
    await cache.render("e", pdf(10)); // four entries > 3: the least recently used (c) goes
    expect(cache.size.entries).toBe(3);
    expect(cache.lookup("c")).toBeUndefined();
    expect(cache.lookup("a")).toBeDefined();
    await cache.render("huge", pdf(1_000)); // larger than the whole cache: served, not kept
    expect(cache.lookup("huge")).toBeUndefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(250);
  });
});
