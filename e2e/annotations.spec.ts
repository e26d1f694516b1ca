import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { readPdf } from "./support/pdf";
import { watchConsole } from "./support/page-checks";

/**
 * Chart annotations (issue #28): an analyst adds a note on the Overview's trend and finds its numbered marker on the
 * chart, its words in the chart's SVG download (the PNG is that SVG drawn at twice its size) and in the Overview's
 * PDF; a share link made with one of two notes ticked shows that one, not the other, and no edit controls. The notes'
 * texts are unique to the run, and they are deleted at the end (other specs share the app).
 */

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

const DAY_MS = 86_400_000;
const dayAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
const squash = (text: string) => text.replace(/\s+/g, "");

async function download(page: Page, button: Locator): Promise<Buffer> {
  const pending = page.waitForEvent("download");
  await button.click();
  return readFile(await (await pending).path());
}

test("add an annotation and see it on the Overview trend, its SVG and PNG, the PDF, and only where chosen on a share link", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  const run = Date.now().toString(36);
  const noted = `E2E campaign ${run}`;
  const other = `E2E outage ${run}`;
  const query = `range=custom&from=${dayAgo(29)}&to=${dayAgo(1)}`;
  const made: string[] = [];
  try {
    await signIn(page, `/?${query}`);
    const trend = page.getByRole("region", { name: /^Commission per period vs / });
    await expect(trend.locator("svg.recharts-surface").first()).toBeVisible({ timeout: 30_000 });
    await trend.getByText("Add an annotation").click();
    const form = trend.getByRole("form", { name: "Add an annotation" });
    await form.getByLabel("Day (UTC)").fill(dayAgo(10));
    await form.getByLabel("Note").fill(noted);
    await form.getByRole("button", { name: "Add annotation" }).click();

    // Listed under the chart, with its number, and marked on the chart at its day.
    const item = trend.locator("[data-annotations] li").filter({ hasText: noted });
    await expect(item).toContainText(dayAgo(10));
    const number = (await item.locator("span").first().textContent())!.replace(".", "");
    const marker = trend.locator(`[data-annotation-marker="${number}"]`);
    await expect(marker).toHaveCount(1);
    await expect(marker.locator("title")).toContainText(noted);
    made.push((await item.getAttribute("data-annotation"))!);

    // The downloads carry the marker (part of the chart's SVG) and the list under the chart.
    const svg = (await download(page, trend.getByRole("button", { name: /^Download SVG of / }))).toString("utf8");
    expect(svg).toContain(`data-annotation-note=""`);
    expect(svg).toContain(`${number}. ${dayAgo(10)} ${noted}`);
    expect(svg).toMatch(new RegExp(`<text[^>]*>${number}</text>`));
    const png = await download(page, trend.getByRole("button", { name: /^Download PNG of / }));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    // The PNG is that SVG (marker and list included) drawn at twice its size: the same file, the same height.
    const svgHeight = Number(/<svg [^>]*height="(\d+)"/.exec(svg)?.[1]);
    expect(png.readUInt32BE(20)).toBe(2 * svgHeight);
    expect(problems).toEqual([]);

    // The app's PDF of the view: the note is listed under the trend.
    const res = await page.request.get(`/api/pdf/overview?${query}&orientation=landscape`, { timeout: 120_000 });
    expect(res.status()).toBe(200);
    const pdf = await readPdf(await res.body());
    expect(squash(pdf.pages.join(" "))).toContain(squash(noted));

    // A second note, and a share link with only the first ticked (through the share dialog).
    const second = await page.request.post("/api/annotations", { data: { day: dayAgo(5), text: other } });
    expect(second.status()).toBe(201);
    made.push(((await second.json()) as { id: string }).id);
    await page.reload();
    await page.getByRole("button", { name: "Share", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(new RegExp(noted)).check();
    await expect(dialog.getByLabel(new RegExp(other))).not.toBeChecked();
    await dialog.getByRole("button", { name: "Create link" }).click();
    const url = await dialog.getByLabel("Share link").inputValue();

    const stranger = await browser.newContext();
    const shared = await stranger.newPage();
    await shared.goto(url);
    const sharedTrend = shared.getByRole("region", { name: /^Commission per period vs / });
    await expect(sharedTrend.locator("[data-annotations]")).toContainText(noted, { timeout: 30_000 });
    await expect(sharedTrend.locator("[data-annotation-marker]")).toHaveCount(1);
    await expect(shared.getByText(other)).toHaveCount(0);
    await expect(shared.getByRole("button", { name: /^Edit/ })).toHaveCount(0);
    await expect(shared.getByText("Add an annotation")).toHaveCount(0);
    await stranger.close();
  } finally {
    for (const id of made) await page.request.delete(`/api/annotations/${id}`);
  }
});
