import { describe, expect, it } from "vitest";
import { RenderQueue, RenderQueueFull } from "./render-queue";

/** A render stand-in that finishes when the test says so, recording how many run at once. */
function gate() {
  const releases: Array<() => void> = [];
  let running = 0;
  let peak = 0;
  const work = () =>
    new Promise<string>((resolve) => {
      running++;
      peak = Math.max(peak, running);
      releases.push(() => {
        running--;
        resolve("pdf");
      });
    });
  return { work, releaseAll: () => releases.splice(0).forEach((r) => r()), get peak() { return peak; }, get started() { return releases.length; } };
}

describe("RenderQueue", () => {
  it("runs two at once, lets a bounded number wait, and refuses the rest at once with Retry-After", async () => {
    const queue = new RenderQueue({ concurrency: 2, maxWaiting: 2, initialEstimateMs: 3_000 });
    const g = gate();
    const accepted = Array.from({ length: 4 }, () => queue.run(g.work));
    await Promise.resolve();
    expect(queue.active).toBe(2);
    expect(queue.queued).toBe(2);
    const started = Date.now();
    const refused = await queue.run(g.work).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(50);
    expect(refused).toBeInstanceOf(RenderQueueFull);
    // Four ahead over two slots at ~3 s each.
    expect((refused as RenderQueueFull).retryAfterSeconds).toBe(6);
    while (queue.active + queue.queued > 0) {
      g.releaseAll();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(accepted)).toEqual(["pdf", "pdf", "pdf", "pdf"]);
    expect(g.peak).toBe(2);
  });

  it("with no waiting room refuses everything beyond the running ones, and frees its slot after a failure", async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaiting: 0 });
    const failing = queue.run(() => Promise.reject(new Error("browser crashed")));
    await expect(queue.run(() => Promise.resolve("x"))).rejects.toBeInstanceOf(RenderQueueFull);
    await expect(failing).rejects.toThrow("browser crashed");
    await expect(queue.run(() => Promise.resolve("x"))).resolves.toBe("x");
  });
});
