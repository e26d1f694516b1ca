/**
 * The boxes a printed document ends with lose their block-end padding, border and margin (lib/export/pdf-last-ink.ts),
 * and no other box does. Chromium printed the few pixels of padding and border under a table's last row on a sheet of
 * their own when the row itself filled the sheet: the Trade & assets PDF's blank page 6 on the day its 111 rows filled
 * page 5 exactly (e2e/pdf-pages.spec.ts measures every app PDF's pages for ink). Run in the real Chromium, on a page
 * shaped as a report's end: a section holding a table with a header, a last "All … rows." row, and a grid of tiles
 * above it; and renderPdf, printing from a local server a page whose last row fits its sheet only without them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, chromiumPath } from "@/lib/export/chromium";
import { renderPdf } from "@/lib/export/pdf";
import { endAtLastInk } from "@/lib/export/pdf-last-ink";
import { readPdf } from "../../e2e/support/pdf";

const HTML = `<!doctype html><html><head><style>
  body { margin: 0; font: 12px sans-serif; display: flex; flex-direction: column; }
  .tiles { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin-bottom: 16px; }
  .tile { border: 1px solid #cbd5e1; padding: 8px; }
  section { border: 1px solid #cbd5e1; padding-bottom: 6px; margin-bottom: 10px; }
  td, th { padding: 4px 6px; border-bottom: 1px solid #e2e8f0; }
  .sr { position: absolute; top: 0; right: 0; margin: 0 0 12px; padding: 9px; }
</style></head><body><main>
  <div class="tiles"><div class="tile" id="tile-a">A</div><div class="tile" id="tile-b">B</div></div>
  <section id="section"><table><thead><tr><th id="head">uid</th><th>figure</th></tr></thead><tbody>
    <tr><td id="first">1</td><td>10.00</td></tr>
    <tr><td id="last-a" colspan="1">All 2 rows.</td><td id="last-b">·</td></tr>
  </tbody></table></section>
  <p class="sr" id="floating">not in the flow</p>
</main></body></html>`;

/**
 * A last row whose text fits the first A4 landscape sheet (180 mm under the app's margins, about 680 px) while its
 * 40 px of padding and the section's 20 px do not: plain Chromium moves the row to a second sheet (measured: with the
 * spacer anywhere from 580 to 630 px; 605 is the middle).
 */
const FITS_WITHOUT_PADDING = `<!doctype html><html><head><style>
  @page { margin: 14mm 12mm 16mm; } body { margin: 0; font: 12px/16px sans-serif; }
  section { border: 1px solid #cbd5e1; padding-bottom: 20px; }
  td { padding: 4px 6px; } .last td { padding-bottom: 40px; }
</style></head><body><div style="height: 605px">Figures</div>
  <section><table><tbody><tr><td>1</td></tr><tr class="last"><td>All 2 rows.</td></tr></tbody></table></section></body></html>`;

let browser: Browser;
let server: Server;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  server = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(request.url === "/fit" ? FITS_WITHOUT_PADDING : HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
});

/** The computed block-end padding, border and margin of the element with `id`, in px. */
async function blockEnd(page: Page, id: string): Promise<[number, number, number]> {
  return page.evaluate((id) => {
    const s = getComputedStyle(document.getElementById(id)!);
    return [parseFloat(s.paddingBlockEnd), parseFloat(s.borderBlockEndWidth), parseFloat(s.marginBlockEnd)] as [number, number, number];
  }, id);
}

describe("a printed document ends on its last line of ink", () => {
  it("trims the block-end padding, border and margin of the boxes it ends with, and of no other box", async () => {
    const page = await browser.newPage();
    await page.setContent(HTML);
    await page.emulateMedia({ media: "print" });
    expect(await blockEnd(page, "section")).toEqual([6, 1, 10]);
    expect(await blockEnd(page, "last-a")).toEqual([4, 1, 0]);

    expect(await page.evaluate(endAtLastInk)).toBeGreaterThan(0);
    // The end: the section, and every cell of the table's last row (a row ends where its tallest cell does).
    expect(await blockEnd(page, "section")).toEqual([0, 0, 0]);
    expect(await blockEnd(page, "last-a")).toEqual([0, 0, 0]);
    expect(await blockEnd(page, "last-b")).toEqual([0, 0, 0]);
    // Everything above the end keeps its look: the tiles, the header, the first row; and what is out of the flow.
    expect(await blockEnd(page, "tile-a")).toEqual([8, 1, 0]);
    expect(await blockEnd(page, "tile-b")).toEqual([8, 1, 0]);
    expect(await blockEnd(page, "head")).toEqual([4, 1, 0]);
    expect(await blockEnd(page, "first")).toEqual([4, 1, 0]);
    expect(await blockEnd(page, "floating")).toEqual([9, 0, 12]);
    await page.close();
  });

  it("keeps renderPdf's last row on the sheet its text fits, where plain Chromium prints a second sheet", async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fit`;
    const plain = await browser.newPage();
    await plain.goto(url);
    await plain.emulateMedia({ media: "print" });
    const control = await readPdf(await plain.pdf({ format: "A4", landscape: true, preferCSSPageSize: false }));
    await plain.close();
    // The case is real: untrimmed, the padding takes the row to a sheet of its own.
    expect(control.pages).toHaveLength(2);
    expect(control.pages[1]).toContain("All 2 rows.");

    const printed = await readPdf(await renderPdf({ url, orientation: "landscape" }));
    expect(printed.pages).toHaveLength(1);
    expect(printed.pages[0]).toContain("All 2 rows.");
  });
});
