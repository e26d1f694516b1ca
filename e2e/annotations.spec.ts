import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { readPdf } from "./support/pdf";
import { expectContentWithin, expectNoSidewaysScroll, seriousViolations, watchConsole } from "./support/page-checks";

/**
 * Chart annotations (issue #28): an analyst adds a note on the Overview's trend and finds its numbered marker on the
 * chart and on the cards' sparklines, its words in the chart's SVG download (the PNG is that SVG drawn at twice its size) and in the Overview's
 * PDF; a share link made with one of two notes ticked shows that one, not the other (on its sparklines too), and no edit controls; its edit
 * dialog lists both with that one ticked, and ticking the other instead makes the link show only the other. The edit
 * dialog is checked with axe and screenshotted in light and dark and at phone width (SHOTS_DIR, default
 * test-results/annotation-shots). The notes' texts are unique to the run, and they are deleted at the end (other
 * specs share the app).
 */

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

const DAY_MS = 86_400_000;
const SHOTS = process.env.SHOTS_DIR ?? "test-results/annotation-shots";
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
    // The cards' sparklines mark it too, with the list's number, named in words for a screen reader.
    const sparklines = page.locator("[data-sparkline]");
    await expect(sparklines.locator(`[data-annotation-marker="${number}"]`)).toHaveCount(await sparklines.count());
    await expect(page.getByRole("img", { name: new RegExp(`^Commission: trend marked with .*${number}\\. ${dayAgo(10)} ${noted}`) })).toBeVisible();

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
    const label = `E2E notes ${run}`;
    await dialog.getByLabel("Label").fill(label);
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
    // Its sparklines mark the chosen note alone: one marker each, named by it, never by the other.
    const sharedSparklines = shared.locator("[data-sparkline]");
    await expect(sharedSparklines.locator("[data-annotation-marker]")).toHaveCount(await sharedSparklines.count());
    await expect(shared.getByRole("img", { name: new RegExp(noted) }).first()).toBeVisible();
    await expect(shared.getByRole("img", { name: new RegExp(other) })).toHaveCount(0);
    await expect(shared.getByRole("button", { name: /^Edit/ })).toHaveCount(0);
    await expect(shared.getByText("Add an annotation")).toHaveCount(0);

    // The link's edit dialog lists the view's notes with its choice ticked; the other one instead, saved and logged.
    await page.goto("/reports");
    await page.getByTestId("share-link").filter({ hasText: label }).getByRole("button", { name: `Edit link "${label}"` }).click();
    const edit = page.getByRole("dialog");
    await expect(edit.getByLabel(new RegExp(noted))).toBeChecked();
    await expect(edit.getByLabel(new RegExp(other))).not.toBeChecked();
    await shootEditDialog(page, edit);
    await edit.getByLabel(new RegExp(noted)).uncheck();
    await edit.getByLabel(new RegExp(other)).check();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByRole("status")).toContainText("Saved.");
    const log = edit.getByRole("list", { name: "Changes, newest first" });
    await expect(log).toContainText(`Annotation “${dayAgo(5)} ${other}” → added to the link`);
    await expect(log).toContainText(`Annotation “${dayAgo(10)} ${noted}” → removed from the link`);
    await expect(edit.getByLabel(new RegExp(other))).toBeChecked();
    await expect(edit.getByLabel(new RegExp(noted))).not.toBeChecked();

    // The share page now shows only the other note.
    await shared.reload();
    await expect(sharedTrend.locator("[data-annotations]")).toContainText(other, { timeout: 30_000 });
    await expect(sharedTrend.locator("[data-annotation-marker]")).toHaveCount(1);
    await expect(shared.getByText(noted)).toHaveCount(0);
    await expect(shared.getByRole("img", { name: new RegExp(other) }).first()).toBeVisible();
    await expect(shared.getByRole("img", { name: new RegExp(noted) })).toHaveCount(0);
    expect(problems).toEqual([]);
    await stranger.close();
  } finally {
    for (const id of made) await page.request.delete(`/api/annotations/${id}`);
  }
});

/** The edit dialog as a person sees it: light and dark (each checked with axe), and at phone width. */
async function shootEditDialog(page: Page, dialog: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page, { include: "dialog[open]" }), `edit dialog ${scheme}`).toEqual([]);
    await dialog.screenshot({ path: `${SHOTS}/link-notes-edit-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, "no horizontal scroll at 390 px");
  await expectContentWithin(dialog, "the dialog's text wraps within it");
  await page.screenshot({ path: `${SHOTS}/link-notes-edit-phone.png` });
  await dialog.evaluate((d) => d.querySelector("fieldset:has(input[name=annotationIds])")?.scrollIntoView());
  await page.screenshot({ path: `${SHOTS}/link-notes-edit-phone-notes.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}
