import { readFile, writeFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { readPdf } from "./support/pdf";
import { signIn, waitForWarehouse } from "./support/demo";

/**
 * Chart downloads and printing, on data the app synced itself from its
 * embedded sandbox: a chart's PNG and SVG are valid images of the right size
 * that carry the page's title, scope and "data as of"; a printed analytics
 * page (Chromium's PDF of the print media) is light, has its print header and
 * page numbers, no navigation or buttons, and no page break through a chart,
 * in A4 portrait and landscape.
 */

// The Commissions default view: every coin, valued in USDT at each day's close (docs/prices.md).
const CHART = "Commission per period, all coins (≈ USDT)";
/** Text that only the app's chrome and controls carry: none of it may reach paper. */
const SCREEN_ONLY = ["Skip to content", "Sign out", "Settings", "Markets", "Orders", "Download", "Sync now", "Show the figures as a table", "Theme"];
/** Pages printed in both orientations; `charts`: how many charts the page draws at least. */
const PRINTED: ReadonlyArray<{ path: string; title: string; charts: number }> = [
  { path: "/commissions", title: "Commissions", charts: 1 },
  { path: "/invitees", title: "Invitees", charts: 1 },
  { path: "/sub-affiliates", title: "Sub-affiliates", charts: 1 },
  { path: "/", title: "Overview", charts: 1 },
];


/** The page's figures are in: "data as of" is shown and every chart is drawn. */
async function reportReady(page: Page): Promise<void> {
  await expect(page.getByText(/Data as of \d{4}-\d{2}-\d{2}/).first()).toBeVisible({ timeout: 20_000 });
  const figures = page.locator("[data-chart-figure]");
  // recharts is a lazy chunk: on a fresh browser and a busy machine it can take longer than expect's default 5 s.
  for (const figure of await figures.all()) await expect(figure.locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible({ timeout: 20_000 });
  // The print header's "data as of" is set from the answer in an effect, a moment after the page shows it.
  await expect(page.locator("[data-print-as-of]")).toHaveText(/^Data as of /);
  await page.waitForLoadState("networkidle");
}

/** The scope in words and "data as of", as ReportMeta has them (the print header is in the DOM, hidden on screen). */
async function printHeader(page: Page): Promise<{ scope: string; asOf: string }> {
  const scope = await page.locator("[data-print-scope]").textContent();
  const asOf = await page.locator("[data-print-as-of]").textContent();
  return { scope: scope ?? "", asOf: asOf ?? "" };
}

/** Text per PDF page, whitespace removed, so a line broken differently still matches. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  return (await readPdf(pdf)).pages.map((page) => page.replace(/\s+/g, ""));
}

const squash = (text: string) => text.replace(/\s+/g, "");

async function download(page: Page, button: Locator): Promise<{ name: string; body: Buffer }> {
  const pending = page.waitForEvent("download");
  await button.click();
  const file = await pending;
  const path = await file.path();
  const body = await readFile(path);
  // Kept beside the test's results, to look at when a check fails.
  await writeFile(test.info().outputPath(file.suggestedFilename()), body);
  return { name: file.suggestedFilename(), body };
}

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test("a chart downloads as an SVG and a PNG at twice its size, headed with title, scope and data as of", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "/commissions");
  await reportReady(page);
  const region = page.getByRole("region", { name: CHART });
  const { scope, asOf } = await printHeader(page);
  expect(scope).toMatch(/^\d{4}-\d{2}-\d{2}/);
  expect(asOf).toMatch(/^Data as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);

  const svgFile = await download(page, region.getByRole("button", { name: "Download SVG of Commission per period, all coins valued" }));
  expect(svgFile.name).toMatch(/^rebate-desk-commission-per-period-all-coins-valued-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.svg$/);
  const svgText = svgFile.body.toString("utf8");
  // Parsed and drawn by the browser itself: a well-formed SVG document that renders as an image of its stated size.
  const svg = await page.evaluate(async (text) => {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const root = doc.documentElement;
    const image = new Image();
    image.src = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    await image.decode();
    return {
      parseError: doc.getElementsByTagName("parsererror").length > 0,
      root: `${root.namespaceURI} ${root.localName}`,
      width: Number(root.getAttribute("width")),
      height: Number(root.getAttribute("height")),
      drawn: { width: image.naturalWidth, height: image.naturalHeight },
      text: root.textContent ?? "",
      styledPaths: Array.from(doc.querySelectorAll("path[style]")).filter((p) => /fill:\s*rgb/.test(p.getAttribute("style") ?? "")).length,
    };
  }, svgText);
  expect(svg.parseError).toBe(false);
  expect(svg.root).toBe("http://www.w3.org/2000/svg svg");
  expect(svg.width).toBeGreaterThan(200);
  expect(svg.height).toBeGreaterThan(200);
  expect(svg.drawn).toEqual({ width: svg.width, height: svg.height });
  expect(svg.text).toContain("Commission per period, all coins valued");
  expect(squash(svg.text)).toContain(squash(scope)); // possibly wrapped over lines
  expect(svg.text).toContain(asOf);
  expect(svg.text).toContain("Futures · direct"); // the legend, drawn into the file
  expect(svg.styledPaths).toBeGreaterThan(0); // bars carry their fill without the page's CSS

  const pngFile = await download(page, region.getByRole("button", { name: "Download PNG of Commission per period, all coins valued" }));
  expect(pngFile.name).toBe(svgFile.name.replace(/\.svg$/, ".png"));
  const png = pngFile.body;
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
  expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: svg.width * 2, height: svg.height * 2 });
});

test("print media is the light theme even when the dark theme is on", async ({ page }) => {
  await signIn(page, "/commissions");
  await page.evaluate(() => localStorage.setItem("rd-theme", "dark"));
  await page.reload();
  await reportReady(page);
  const h1Color = () => page.getByRole("heading", { level: 1 }).evaluate((h) => getComputedStyle(h).color);
  const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await h1Color()).toBe("rgb(255, 255, 255)");
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await h1Color()).not.toBe("rgb(255, 255, 255)");
  expect(await bodyBackground()).toBe("rgb(255, 255, 255)");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("light");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("button", { name: /^Download (PNG|SVG) of / }).first()).toBeHidden();
  await expect(page.locator("[data-print-header]")).toBeVisible();
});

for (const { path, title, charts: minCharts } of PRINTED) {
  for (const landscape of [false, true]) {
    test(`${path} prints on A4 ${landscape ? "landscape" : "portrait"}: header, page numbers, no chrome, no chart cut`, async ({ page }) => {
      test.setTimeout(90_000);
      await signIn(page, path);
      // Printed from the dark theme: the printout must not care.
      await page.evaluate(() => localStorage.setItem("rd-theme", "dark"));
      await page.reload();
      await reportReady(page);
      const { scope, asOf } = await printHeader(page);
      const charts = await page.locator("[data-chart-figure]").evaluateAll((figures) =>
        figures.map((f) => ({
          top: f.querySelector("[data-chart-edge=top]")?.textContent ?? "",
          bottom: f.querySelector("[data-chart-edge=bottom]")?.textContent ?? "",
        })),
      );
      expect(charts.length).toBeGreaterThanOrEqual(minCharts);

      const pdf = await page.pdf({ format: "A4", landscape, printBackground: true });
      await writeFile(test.info().outputPath("printout.pdf"), pdf);
      const pages = await pdfPages(pdf);
      expect(pages.length).toBeGreaterThan(0);
      expect(pages[0]).toContain(squash(title));
      expect(pages[0]).toContain(squash(scope));
      expect(pages[0]).toContain(squash(asOf));
      pages.forEach((text, i) => {
        expect(text, `page ${i + 1}`).toContain(squash(`Page ${i + 1} of ${pages.length}`));
        for (const word of SCREEN_ONLY) expect(text, `page ${i + 1}`).not.toContain(squash(word));
      });
      for (const chart of charts) {
        const top = pages.findIndex((text) => text.includes(squash(chart.top)));
        const bottom = pages.findIndex((text) => text.includes(squash(chart.bottom)));
        expect(top, chart.top).toBeGreaterThanOrEqual(0);
        expect(bottom, chart.bottom).toBe(top);
      }
    });
  }
}
