import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, request, test } from "@playwright/test";
import { DEMO_SESSION_FILE } from "./support/demo";
import { firstLoadJs } from "./support/first-load-js";

/**
 * Issue #29's guard: a page's first-load JS (the scripts its HTML names, gzipped; e2e/support/first-load-js.ts) may not
 * grow by more than the tolerance over the figure recorded in bench/first-load-js.json by `npm run bench:pages -- --record`.
 * A page that gets lighter passes; record it again so the guard holds the new figure.
 */
interface Recorded {
  toleranceBytes: number;
  signedOut: string[];
  pages: Record<string, number>;
}
const recorded = JSON.parse(readFileSync(path.resolve("bench/first-load-js.json"), "utf8")) as Recorded;

test("no page's first-load JS grows more than the tolerance over its recorded figure", async ({ baseURL }) => {
  const base = baseURL as string;
  const signedIn = await request.newContext({ baseURL: base, storageState: DEMO_SESSION_FILE });
  const signedOut = await request.newContext({ baseURL: base });
  const over: string[] = [];
  try {
    const pages = Object.entries(recorded.pages);
    // The guard can fail: it reads every page the bench measures, each naming its scripts.
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const [page, bytes] of pages) {
      const now = await firstLoadJs(recorded.signedOut.includes(page) ? signedOut : signedIn, base, page);
      expect(now.scripts, `${page} names its scripts`).toBeGreaterThan(3);
      if (now.bytes > bytes + recorded.toleranceBytes) over.push(`${page}: ${now.bytes} B, recorded ${bytes} B (+${now.bytes - bytes} B)`);
    }
  } finally {
    await signedIn.dispose();
    await signedOut.dispose();
  }
  expect(over, "pages whose first-load JS grew beyond the tolerance").toEqual([]);
});
