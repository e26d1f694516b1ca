import { expect, test, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { signIn, waitForWarehouse } from "./support/demo";
import { seriousViolations, watchConsole } from "./support/page-checks";

/**
 * The team's follow-up on one dormant invitee, from its page: a follow-up state with a due date, two tags (one new to
 * the vocabulary), a note written, edited and deleted, each change in the history; the panel is accessible in light
 * and dark; and a share link of the same invitee, opened by a stranger, shows none of it.
 */

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);

async function setTheme(page: Page, theme: "Light" | "Dark"): Promise<void> {
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
  await expect(page.locator("html")).toHaveClass(theme === "Dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

test("a dormant invitee's follow-up, tags and notes are kept, logged, and never on its share link", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const problems = watchConsole(page);
  await signIn(page, "/invitees?status=dormant");
  // The lowest dormant uid: the re-activation test below works from the highest, so the two never share an invitee.
  const directory = (await (await page.request.get("/api/reports/invitees?status=dormant&sort=uid&dir=asc&pageSize=10")).json()) as { roster: { rows: Array<{ uid: string }> } };
  const uid = directory.roster.rows[0]?.uid;
  expect(uid, "the demo world has dormant invitees").toMatch(/^\d+$/);
  // Unique per run: the e2e app is shared by every spec.
  const marker = `e2e${Date.now().toString(36)}`;

  await page.goto(`/invitees/${uid}`);
  const panel = page.getByRole("region", { name: "Follow-up, tags and notes" });
  await expect(panel.getByText("No follow-up set.")).toBeVisible({ timeout: 20_000 });

  // Follow-up: to contact, due in a week.
  await panel.getByLabel("Follow-up", { exact: true }).selectOption("to_contact");
  await panel.getByLabel("Due (optional)").fill(day(7));
  await panel.getByRole("button", { name: "Save follow-up" }).click();
  await expect(panel.getByText(`To contact, due ${day(7)}`, { exact: true })).toBeVisible();

  // Tags: a new one, then a second; removing one keeps the other.
  for (const name of [`${marker}-reactivate`, `${marker}-vip`]) {
    await panel.getByLabel("Add a tag").fill(name);
    await panel.getByRole("button", { name: "Add tag" }).click();
    await expect(panel.getByRole("list", { name: "Tags of this invitee" })).toContainText(name);
  }
  await panel.getByRole("button", { name: `Remove tag ${marker}-vip` }).click();
  await expect(panel.getByRole("list", { name: "Tags of this invitee" })).not.toContainText(`${marker}-vip`);

  // A note, edited, then contacted: the follow-up moves on.
  await panel.getByLabel("New note").fill(`${marker} called, asked about the fee tier`);
  await panel.getByRole("button", { name: "Add note" }).click();
  const notes = panel.getByRole("list", { name: "Notes" });
  await expect(notes).toContainText(`${marker} called, asked about the fee tier`);
  await notes.getByRole("button", { name: "Edit" }).first().click();
  await notes.getByLabel("Edit the note").fill(`${marker} called, will trade again in December`);
  await notes.getByRole("button", { name: "Save note" }).click();
  await expect(notes).toContainText(`${marker} called, will trade again in December`);
  await expect(notes).toContainText("edited by demo@rebatedesk.local");
  await panel.getByLabel("Follow-up", { exact: true }).selectOption("contacted");
  await panel.getByRole("button", { name: "Save follow-up" }).click();
  await expect(panel.getByText(new RegExp(`^Contacted on ${day(0)}, due ${day(7)}$`))).toBeVisible();

  for (const theme of ["Light", "Dark"] as const) {
    await setTheme(page, theme);
    expect(await seriousViolations(page), theme).toEqual([]);
  }
  await setTheme(page, "Light");

  // A share link of this invitee: a stranger sees the report, none of the team's records.
  const created = await page.request.post("/api/share", { data: { report: "invitee", query: `uid=${uid}`, label: "Invitee for a partner", mode: "live", expiry: "1d" } });
  expect(created.status()).toBe(201);
  const { path } = (await created.json()) as { path: string };
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(path);
  await expect(guest.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(guest.getByText(/Commission/).first()).toBeVisible({ timeout: 20_000 });
  await guest.waitForLoadState("networkidle");
  const shown = await guest.content();
  expect(shown).not.toContain(marker);
  expect(shown).not.toContain("Follow-up, tags and notes");
  await context.close();

  // Deleting the note asks first; the history keeps every change, newest first.
  await notes.getByRole("button", { name: "Delete" }).first().click();
  await notes.getByRole("button", { name: "Yes, delete" }).click();
  await expect(panel.getByText("No notes yet.")).toBeVisible();
  await panel.getByText(/^History/).click();
  const history = panel.getByRole("list").last();
  await expect(history).toContainText(/deleted a note/i);
  await expect(history).toContainText(marker);

  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

/** The directory's CSV, as downloaded: its lines after the BOM and any coverage notes. */
async function downloadCsv(page: Page, name: RegExp): Promise<string[]> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  const text = (await readFile((await file.path()) as string, "utf8")).replace(/^\uFEFF/, "");
  return text.split("\r\n").filter((line) => line !== "" && !line.startsWith('"# '));
}

test("a re-activation list from the directory: ten dormant invitees tagged at once, two marked contacted, filtered, exported", async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const wave = `wave-${Date.now().toString(36)}`;
  // Dormant invitees nobody follows up yet, highest uids first (the test above works from the lowest).
  await signIn(page, "/invitees?status=dormant&followUp=none&sort=uid&dir=desc&pageSize=10");
  const table = page.getByRole("region", { name: "Invitee directory table" });
  await expect(table.locator("tbody tr")).toHaveCount(10, { timeout: 20_000 });

  const bulk = page.getByRole("form", { name: "Bulk tagging" });
  await bulk.getByLabel("Tag these invitees").fill(wave);
  await bulk.getByLabel("Which").selectOption("shown");
  await bulk.getByRole("button", { name: "Add tag" }).click();
  await expect(bulk.getByRole("status")).toHaveText(`Tagged “${wave}”: 10 invitees changed (10 added; the others already had it).`);
  // Every row now shows the tag beside its uid.
  await expect(table.locator("tbody tr").filter({ hasText: wave })).toHaveCount(10);
  const uids = await table.locator("tbody tr td:first-child a").allInnerTexts();

  // Two of them contacted, from their own pages.
  for (const uid of uids.slice(0, 2)) {
    await page.goto(`/invitees/${uid}`);
    const panel = page.getByRole("region", { name: "Follow-up, tags and notes" });
    await panel.getByLabel("Follow-up", { exact: true }).selectOption("contacted");
    await panel.getByRole("button", { name: "Save follow-up" }).click();
    await expect(panel.getByText(/^Contacted on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  }

  // The list by its tag: the ten, whatever their status now; then the two contacted.
  await page.goto("/invitees?pageSize=10");
  const filters = page.getByRole("search", { name: "Directory filters" });
  await filters.getByLabel("Tag").selectOption(wave);
  await expect(page).toHaveURL(new RegExp(`tag=${wave}`));
  await expect(page.getByText("Rows 1–10 of 10")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Tag, follow-up and quality-flag filters and the team orders are your team's own/)).toBeVisible();
  await filters.getByLabel("Follow-up").selectOption("contacted");
  await expect(table.locator("tbody tr")).toHaveCount(2, { timeout: 20_000 });
  expect((await table.locator("tbody tr td:first-child a").allInnerTexts()).sort()).toEqual(uids.slice(0, 2).sort());

  const lines = await downloadCsv(page, /Download CSV of Invitee directory/);
  expect(lines[0]).toContain("Tags (your team's)");
  expect(lines[0]).toContain("Follow-up (your team's)");
  expect(lines.slice(1)).toHaveLength(2);
  for (const line of lines.slice(1)) {
    expect(line).toContain(wave);
    expect(line).toMatch(/Contacted on \d{4}-\d{2}-\d{2}/);
  }
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test("the tag vocabulary: a tag added, recoloured, renamed, merged into another and deleted, each in words; accessible", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const stamp = Date.now().toString(36);
  await signIn(page, "/invitees/tags");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invitee tags");
  const list = page.getByRole("list", { name: "Tags of this connection" });
  // A row by its tag's name (its text also holds the merge list's other names).
  const tagRow = (name: string) => list.getByRole("listitem", { name: `Tag ${name}`, exact: true });
  // The new-tag form's own alert: a refused or failed add says why, and a failure here prints those words.
  const addAlert = page.locator("form").filter({ has: page.getByLabel("New tag") }).getByRole("alert");
  for (const name of [`keep-${stamp}`, `old-${stamp}`]) {
    await page.getByLabel("New tag").fill(name);
    await page.getByRole("button", { name: "Add tag" }).click();
    await expect(tagRow(name).or(addAlert)).toBeVisible();
    expect(await addAlert.allTextContents(), `adding ${name}`).toEqual([]);
  }
  // A duplicate in another case is refused in words.
  await page.getByLabel("New tag").fill(`KEEP-${stamp}`);
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /exists|already/i })).toBeVisible();

  const old = tagRow(`old-${stamp}`);
  await old.getByLabel("Colour").selectOption("teal");
  await expect(old.getByLabel("Colour")).toHaveValue("teal");
  await old.getByLabel("Name").fill(`renamed-${stamp}`);
  await old.getByRole("button", { name: "Rename" }).click();
  const renamed = tagRow(`renamed-${stamp}`);
  await expect(renamed).toBeVisible();
  // Renaming onto another tag's name says to merge instead.
  await renamed.getByLabel("Name").fill(`keep-${stamp}`);
  await renamed.getByRole("button", { name: "Rename" }).click();
  await expect(renamed.getByRole("alert")).toContainText(/merge/i);
  await renamed.getByLabel("Merge into").selectOption({ label: `keep-${stamp}` });
  await renamed.getByRole("button", { name: "Merge" }).click();
  await expect(tagRow(`renamed-${stamp}`)).toHaveCount(0);

  for (const theme of ["Light", "Dark"] as const) {
    await setTheme(page, theme);
    expect(await seriousViolations(page), theme).toEqual([]);
  }
  await setTheme(page, "Light");

  const keep = tagRow(`keep-${stamp}`);
  await keep.getByRole("button", { name: "Delete" }).click();
  await keep.getByRole("button", { name: "Yes, delete" }).click();
  await expect(tagRow(`keep-${stamp}`)).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  // The two refusals this test asks for (a duplicate name, a rename onto a taken name) are the browser's only errors.
  const refusals = problems.filter((p) => /status of 409 \(Conflict\) \(http:[^)]*\/api\/invitee-tags(\/itag_[\w-]+)?\)$/.test(p));
  expect(refusals).toHaveLength(2);
  expect(problems.filter((p) => !refusals.includes(p))).toEqual([]);
});
