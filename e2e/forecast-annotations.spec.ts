import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { watchConsole } from "./support/page-checks";
import { readPdf } from "./support/pdf";

/** Text without its whitespace: a PDF breaks lines where the page did not. */
const squash = (text: string) => text.replace(/\s+/g, "");

/**
 * The month-end forecast's chart shows the annotations of its own days (issue #28): the month so far and the days still
 * projected, so a campaign planned for the month's last day stands on the projection. The note is made through the
 * API, with a text unique to the run; the app's CSV of the trend carries a note of the month's first day, and deleted at the end (other specs share the app).
 */

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test("an annotation on a day still to come this month stands on the forecast chart and in its SVG", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const now = new Date();
  const lastOfMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  const planned = `E2E planned campaign ${Date.now().toString(36)}`;
  await signIn(page, "/settings");
  const made = await page.request.post("/api/annotations", { data: { day: lastOfMonth, text: planned } });
  expect(made.status()).toBe(201);
  const ids = [((await made.json()) as { id: string }).id];
  try {
    await page.goto("/?range=mtd");
    const forecast = page.getByRole("region", { name: "Month-end forecast (an estimate)" });
    const item = forecast.locator("[data-annotations] li").filter({ hasText: planned });
    await expect(item).toContainText(lastOfMonth, { timeout: 20_000 });
    const number = (await item.locator("span").first().textContent())!.replace(".", "");
    const marker = forecast.locator(`[data-chart-canvas] [data-annotation-marker="${number}"]`);
    await expect(marker.locator("title")).toContainText(planned);

    const pending = page.waitForEvent("download");
    await forecast.getByRole("button", { name: /^Download SVG of .*, cumulative/ }).click();
    const svg = await readFile(await (await pending).path(), "utf8");
    expect(svg).toContain(`${number}. ${lastOfMonth} ${planned}`);
    expect(problems).toEqual([]);

    // The app's PDF of the view prints the forecast too (it prints through a link of the view's fixed days, still
    // month to date today): the panel, its method, and the note on its chart's list.
    const res = await page.request.get("/api/pdf/overview?range=mtd&orientation=landscape", { timeout: 120_000 });
    expect(res.status()).toBe(200);
    const printed = squash((await readPdf(await res.body())).pages.join(" "));
    expect(printed).toContain(squash("Month-end forecast (an estimate)"));
    expect(printed).toContain(squash(planned));

    // The app's CSV of the trend carries the notes of its days on their rows (one after today is not).
    const firstOfMonth = `${lastOfMonth.slice(0, 8)}01`;
    const launched = `E2E launch ${Date.now().toString(36)}`;
    const early = await page.request.post("/api/annotations", { data: { day: firstOfMonth, text: launched } });
    ids.push(((await early.json()) as { id: string }).id);
    const csv = await (await page.request.get("/api/reports/overview/export?range=mtd&interval=day&table=trend")).text();
    expect(csv).toContain("Annotations (your team's)");
    const row = csv.split("\n").find((l) => l.startsWith(firstOfMonth))!;
    expect(row).toContain(`${firstOfMonth} ${launched}`);
    // The trend ends today: a note of a later day is not on it (on the month's last day itself it is).
    if (lastOfMonth > now.toISOString().slice(0, 10)) expect(csv).not.toContain(planned);
  } finally {
    for (const id of ids) await page.request.delete(`/api/annotations/${id}`);
  }
});
