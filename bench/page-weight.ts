/**
 * Page weight and speed: every page of the app in Debian's Chromium against the
 * production build, signed in as the demo user, the warehouse synced.
 *
 *   npm run bench:pages -- [--runs 3] [--record]
 *
 * Per page, the median of `--runs` loads, each in a fresh browser context (an
 * empty HTTP cache, so every script comes over the wire) after one warm-up load
 * (the server has rendered the page and read its data once):
 * - first-load JS: bytes over the wire (transfer sizes, gzip as `next start`
 *   serves them) of the scripts the HTML names — what the page needs to start;
 * - all JS: every script loaded until the network is idle (adds lazy chunks,
 *   such as the chart library where a chart is on screen);
 * - LCP: the last largest-contentful-paint entry (PerformanceObserver);
 * - figure: time from navigation start until the page's first figure is on
 *   screen (a selector per page, below); chart: until its first chart is drawn.
 *
 * The app runs as `npm start` runs it (built first when the build is missing or
 * stale), with the e2e suite's small sandbox world, so the sync backfills in seconds.
 */
import { loadavg } from "node:os";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, request, type Browser, type BrowserContext } from "playwright-core";
import { firstLoadJs, scriptsInHtml } from "../e2e/support/first-load-js";
import { CHROMIUM_ARGS, chromiumPath } from "../lib/export/chromium";
import { cookieHeader, signIn, startApp } from "./app-server";
import { flagNumber, fmt, percentile } from "./stats";

interface PageSpec {
  name: string;
  path: string;
  /** The first figure: a visible element matching this selector, with text. */
  figure: string;
  /** The first chart drawn, on pages that have one. */
  chart?: string;
  signedIn: boolean;
}

const STAT = "main dl dd";
const TABLE_CELL = "main table tbody td";
const CHART = "[data-chart-canvas] svg.recharts-surface";
const PAGES: readonly PageSpec[] = [
  { name: "Overview", path: "/", figure: STAT, chart: "[data-sparkline] svg.recharts-surface", signedIn: true },
  { name: "Commissions", path: "/commissions", figure: STAT, chart: CHART, signedIn: true },
  { name: "Sub-affiliates", path: "/sub-affiliates", figure: STAT, chart: CHART, signedIn: true },
  { name: "Invitees", path: "/invitees", figure: STAT, chart: CHART, signedIn: true },
  { name: "Trade & assets", path: "/trade-assets", figure: STAT, signedIn: true },
  { name: "Markets", path: "/markets", figure: TABLE_CELL, signedIn: true },
  { name: "Account", path: "/account", figure: TABLE_CELL, signedIn: true },
  // No open orders is a figure too: the empty state says so.
  { name: "Orders", path: "/orders", figure: `${TABLE_CELL}, main section h3`, signedIn: true },
  // A fresh data folder has no share links: the empty state is what the page shows.
  { name: "Reports", path: "/reports", figure: `${TABLE_CELL}, main section h2`, signedIn: true },
  { name: "Settings", path: "/settings", figure: "main ul li a", signedIn: true },
  { name: "login", path: "/login", figure: "main form button[type=submit]", signedIn: false },
];

interface Sample {
  firstLoadJs: number;
  allJs: number;
  lcp: number;
  figure: number;
  chart: number | null;
  requests: number;
  rsc: number;
  uncompressed: string[];
}

const args = process.argv.slice(2);
const runs = flagNumber(args, "runs", 3);
/** `--record`: write each page's first-load JS to bench/first-load-js.json, the figures the page-weight guard holds. */
const record = args.includes("--record");
/** How much a page's first-load JS may grow over its recorded figure before e2e/page-weight.spec.ts fails (issue #29). */
const TOLERANCE_BYTES = 10_000;

/** Each page's first-load JS by the guard's own definition (e2e/support/first-load-js.ts), written for the guard. */
async function recordFirstLoad(url: string, jar: ReadonlyMap<string, string>): Promise<void> {
  const signedIn = await request.newContext({ baseURL: url, extraHTTPHeaders: { cookie: cookieHeader(jar) } });
  const signedOut = await request.newContext({ baseURL: url });
  const pages: Record<string, number> = {};
  try {
    for (const spec of PAGES) pages[spec.path] = (await firstLoadJs(spec.signedIn ? signedIn : signedOut, url, spec.path)).bytes;
  } finally {
    await signedIn.dispose();
    await signedOut.dispose();
  }
  const file = path.resolve(import.meta.dirname, "first-load-js.json");
  const signedOutPages = PAGES.filter((p) => !p.signedIn).map((p) => p.path);
  writeFileSync(file, `${JSON.stringify({ toleranceBytes: TOLERANCE_BYTES, signedOut: signedOutPages, pages }, null, 2)}\n`);
  console.log(`recorded first-load JS (gzip bytes) of ${PAGES.length} pages in ${path.relative(process.cwd(), file)}`);
}

async function waitForWarehouse(url: string, cookie: string): Promise<void> {
  // The app syncs on its own from start-up; ask for a run too and wait until every report's history is read.
  await fetch(`${url}/api/sync`, { method: "POST", headers: { cookie } });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const status = (await (await fetch(`${url}/api/sync`, { headers: { cookie } })).json()) as {
      running: boolean;
      reports: Array<{ backfillDone: boolean }>;
    };
    if (!status.running && status.reports.length > 0 && status.reports.every((r) => r.backfillDone)) return;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error("the warehouse sync did not finish");
}

async function measure(context: BrowserContext, url: string, spec: PageSpec): Promise<Sample> {
  const page = await context.newPage();
  try {
    const uncompressed: string[] = [];
    const counted = { requests: 0, rsc: 0 };
    page.on("request", (request) => {
      counted.requests++;
      if (new URL(request.url()).searchParams.has("_rsc")) counted.rsc++;
    });
    page.on("response", (response) => {
      const headers = response.headers();
      // `next start` leaves responses under 1 kB uncompressed (the compression threshold): not a problem.
      const small = Number(headers["content-length"] ?? Infinity) < 1024;
      if (response.request().resourceType() === "script" && !headers["content-encoding"] && !small) uncompressed.push(response.url());
    });
    const response = await page.goto(`${url}${spec.path}`, { waitUntil: "commit" });
    if (!response?.ok()) throw new Error(`${spec.path}: HTTP ${response?.status() ?? "no answer"}`);
    // Polling starts at once, while the document still streams; the time is the page's own clock.
    const [figure, html] = await Promise.all([
      page.waitForFunction(
        (selector) => {
          const hit = Array.from(document.querySelectorAll<HTMLElement>(selector)).find((el) => el.offsetParent !== null && el.textContent?.trim());
          return hit ? performance.now() : null;
        },
        spec.figure,
        { polling: "raf", timeout: 30_000 },
      ),
      response.text(),
    ]);
    const chart = spec.chart
      ? await page.waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : null), spec.chart, { polling: "raf", timeout: 30_000 })
      : null;
    await page.waitForLoadState("networkidle");
    const inHtml = scriptsInHtml(html, url);
    const measured = await page.evaluate(() => ({
      lcp: (window as unknown as { __lcp: number }).__lcp,
      scripts: performance
        .getEntriesByType("resource")
        .filter((e): e is PerformanceResourceTiming => e instanceof PerformanceResourceTiming && new URL(e.name).pathname.endsWith(".js"))
        .map((e) => ({ url: e.name, bytes: e.transferSize })),
    }));
    return {
      firstLoadJs: measured.scripts.filter((s) => inHtml.has(s.url)).reduce((sum, s) => sum + s.bytes, 0),
      allJs: measured.scripts.reduce((sum, s) => sum + s.bytes, 0),
      lcp: measured.lcp,
      figure: (await figure.jsonValue()) as number,
      chart: chart ? ((await chart.jsonValue()) as number) : null,
      ...counted,
      uncompressed,
    };
  } catch (error) {
    throw new Error(`${spec.name} (${spec.path}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    await page.close();
  }
}

async function freshContext(browser: Browser, url: string, jar: ReadonlyMap<string, string> | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  if (jar) await context.addCookies([...jar].map(([name, value]) => ({ name, value, url })));
  return context;
}

const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 50);
const kB = (bytes: number) => fmt(bytes / 1000, 1);

const app = await startApp({
  SANDBOX_INVITEES: "300",
  SANDBOX_DAYS: "60",
  SYNC_HISTORY_DAYS: "60",
  SANDBOX_BUDGET: "2000",
  WEEX_WEIGHT_LIMIT: "2000",
});
let browser: Browser | null = null;
try {
  const jar = await signIn(app.url);
  await waitForWarehouse(app.url, cookieHeader(jar));
  if (record) await recordFirstLoad(app.url, jar);
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows: string[][] = [];
  const uncompressed = new Set<string>();
  for (const spec of PAGES) {
    const samples: Sample[] = [];
    for (let run = 0; run <= runs; run++) {
      const context = await freshContext(browser, app.url, spec.signedIn ? jar : null);
      try {
        const sample = await measure(context, app.url, spec);
        // Run 0 warms the server up (first render, first data read); it is not counted.
        if (run > 0) samples.push(sample);
      } finally {
        await context.close();
      }
    }
    for (const s of samples) for (const u of s.uncompressed) uncompressed.add(u);
    const charts = samples.map((s) => s.chart).filter((c): c is number => c !== null);
    rows.push([
      spec.name,
      kB(median(samples.map((s) => s.firstLoadJs))),
      kB(median(samples.map((s) => s.allJs))),
      fmt(median(samples.map((s) => s.lcp)), 0),
      fmt(median(samples.map((s) => s.figure)), 0),
      charts.length > 0 ? fmt(median(charts), 0) : "—",
      fmt(median(samples.map((s) => s.requests)), 0),
      fmt(median(samples.map((s) => s.rsc)), 0),
    ]);
  }
  const header = ["page", "first-load JS kB", "all JS kB", "LCP ms", "figure ms", "chart ms", "requests", "RSC"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  // Times depend on what else the machine runs; the bytes do not.
  const load = loadavg().map((l) => fmt(l, 1)).join(" / ");
  console.log(`\npage weight and speed, Chromium, production build, median of ${runs} warm loads (fresh browser cache), JS gzip over the wire; load average ${load}`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  if (uncompressed.size > 0) console.log(`\nwarning: ${uncompressed.size} script(s) came uncompressed, e.g. ${[...uncompressed][0]}`);
} finally {
  await browser?.close();
  await app.stop();
}
