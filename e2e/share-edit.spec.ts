import { mkdirSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { expectContentWithin, expectNoSidewaysScroll, seriousViolations } from "./support/page-checks";

/**
 * A share link's password step and its editing, in real browsers: a wrong
 * password asks again (and too many say how long to wait); the owner edits the
 * label, password and expiry from the Reports list, every change in the link's
 * change log; a stranger in a fresh context is refused the old password and let
 * in with the new one. The confirmation sentence says what the link is. The
 * dialog and the edit form are checked with axe and screenshotted in light and
 * dark and at phone width (SHOTS_DIR, default test-results/share-shots).
 */

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const VIEW = `/commissions?range=custom&from=${day(20)}&to=${day(3)}&product=FUTURES`;
const SHOTS = process.env.SHOTS_DIR ?? "test-results/share-shots";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
  mkdirSync(SHOTS, { recursive: true });
});

async function stranger(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** Creates a link of the page's view with a password; leaves the confirmation open. */
async function createLocked(page: Page, label: string, password: string) {
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Label").fill(label);
  await dialog.getByLabel(/Password/).fill(password);
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = await dialog.getByLabel("Share link").inputValue();
  expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
  return { dialog, url };
}

async function enterPassword(guest: Page, password: string) {
  await guest.getByLabel("Password").fill(password);
  const answer = guest.waitForResponse((r) => r.url().endsWith("/unlock") && r.request().method() === "POST");
  await guest.getByRole("button", { name: "Open report" }).click();
  const status = (await answer).status();
  // A refusal clears the field and frees the button; wait for that before the next try types.
  if (status !== 204) await expect(guest.getByRole("button", { name: "Open report" })).toBeEnabled();
  if (status !== 204) await expect(guest.getByLabel("Password")).toHaveValue("");
  return status;
}

async function shoot(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page), `${name} ${scheme}`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("a wrong password asks again; too many say how long to wait; the right one opens", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, VIEW);
  const { dialog, url } = await createLocked(page, "Retry partner", "right password 7");
  await expect(dialog.getByTestId("share-link-summary")).toContainText(`Anyone with this link and the password sees Commissions for ${day(20)} → ${day(3)} · Futures`);
  await expect(dialog.getByTestId("share-link-summary")).toContainText(/live figures, invitee uids shown, amounts shown, until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\)/);
  await shoot(page, "share-dialog-created");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, "no horizontal scroll at 390 px");
  await expectContentWithin(dialog, "the dialog's text wraps within it");
  await page.screenshot({ path: `${SHOTS}/share-dialog-created-phone.png` });
  await dialog.getByRole("button", { name: "Done" }).click();

  const { context, page: guest } = await stranger(browser);
  await guest.goto(url);
  expect(await enterPassword(guest, "wrong password 1")).toBe(401);
  await expect(guest.locator("main").getByRole("alert")).toHaveText("Wrong password. Check it and try again.");
  await expect(guest.getByRole("heading", { name: "This report is protected" })).toBeVisible();
  await expect(guest.getByLabel("Password")).toBeFocused();
  await guest.screenshot({ path: `${SHOTS}/password-wrong.png` });
  for (let i = 2; i <= 5; i++) expect(await enterPassword(guest, `wrong password ${i}`)).toBe(401);
  expect(await enterPassword(guest, "right password 7"), "limited: the right one waits too").toBe(429);
  await expect(guest.locator("main").getByRole("alert")).toHaveText("Too many wrong passwords for this link. Wait 15 minutes and try again.");
  await context.close();

  // The limit is the address's, not the browser's: a fresh context from here waits too; another link does not.
  const { context: other, page: second } = await stranger(browser);
  await second.goto(url);
  expect(await enterPassword(second, "right password 7")).toBe(429);
  await expect(second.locator("main").getByRole("alert")).toContainText("Wait 15 minutes");
  const again = await createLocked(page, "Retry partner two", "right password 8");
  await again.dialog.getByRole("button", { name: "Done" }).click();
  await second.goto(again.url);
  expect(await enterPassword(second, "wrong password 9")).toBe(401);
  expect(await enterPassword(second, "right password 8")).toBe(204);
  await expect(second.getByRole("heading", { level: 1 })).toContainText("Retry partner two");
  await other.close();
});

test("the owner edits label, password and expiry; the change log shows each; the old password is refused, the new one opens", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, VIEW);
  // Labels of their own per attempt: a retry finds only its own link in the list.
  const tag = String(Date.now() % 1_000_000);
  const first = `Edit me ${tag}`;
  const renamed = `Edited for Bob ${tag}`;
  const { dialog, url } = await createLocked(page, first, "first password 1");
  await dialog.getByRole("button", { name: "Done" }).click();

  const { context, page: guest } = await stranger(browser);
  await guest.goto(url);
  expect(await enterPassword(guest, "first password 1")).toBe(204);
  await expect(guest.getByRole("heading", { level: 1 })).toContainText(first);

  await page.goto("/reports");
  const row = page.getByTestId("share-link").filter({ hasText: first });
  await expect(row).toContainText("Anyone with this link and the password sees Commissions");
  await row.getByRole("button", { name: `Edit link "${first}"` }).click();
  // The dialog's title follows the label, so it is found as the one open dialog.
  const edit = page.getByRole("dialog");
  await expect(edit).toHaveAccessibleName(`Edit "${first}"`);
  await expect(edit.getByText("No changes since the link was made.")).toBeVisible();
  await expect(edit.getByText(/masking cannot be taken off|Masking can be added/)).toBeVisible();
  await shoot(page, "edit-form");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, "no horizontal scroll at 390 px");
  await expectContentWithin(edit, "the dialog's text wraps within it");
  await page.screenshot({ path: `${SHOTS}/edit-form-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  const through = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const until = new Date(Date.parse(`${through}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await edit.getByLabel("Label").fill(renamed);
  await edit.getByLabel("Expiry").selectOption("day");
  await edit.getByLabel("Open through the end of (UTC)").fill(through);
  await edit.getByRole("radio", { name: "Change it" }).check();
  await edit.getByLabel("New password").fill("second password 2");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByRole("status")).toContainText(`Saved. Anyone with this link and the password sees Commissions`);
  await expect(edit.getByRole("status")).toContainText(`until ${until} 00:00 (UTC).`);
  const log = edit.getByRole("list", { name: "Changes, newest first" });
  await expect(log).toContainText(`Label “${first}” → “${renamed}”`);
  await expect(log).toContainText(`→ ${until} 00:00 (UTC)`);
  await expect(log).toContainText("Password set → changed");
  await expect(log).toContainText("demo@rebatedesk.local");
  await shoot(page, "edit-form-saved");
  await edit.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("share-link").filter({ hasText: renamed })).toContainText(`until ${until} 00:00 (UTC)`);
  // The wide list scrolls within its frame (the Edit button scrolled it): from its start, for the picture.
  await page.getByRole("region", { name: "Share links" }).evaluate((frame) => frame.scrollTo({ left: 0 }));
  await page.screenshot({ path: `${SHOTS}/reports-list.png`, fullPage: true });

  // The stranger's unlock ended with the old password: the old one is refused, the new one opens.
  await guest.reload();
  await expect(guest.getByRole("heading", { name: "This report is protected" })).toBeVisible();
  expect(await enterPassword(guest, "first password 1")).toBe(401);
  await expect(guest.locator("main").getByRole("alert")).toHaveText(/Wrong password/);
  expect(await enterPassword(guest, "second password 2")).toBe(204);
  await expect(guest.getByRole("heading", { level: 1 })).toContainText(renamed);
  await expect(guest.getByText(`Link expires ${until}`)).toBeVisible();

  // Masking can be added to this live link, never taken off; the log records it.
  await page.getByTestId("share-link").filter({ hasText: renamed }).getByRole("button", { name: `Edit link "${renamed}"` }).click();
  const again = page.getByRole("dialog");
  await again.getByLabel("Mask invitee uids").check();
  await again.getByRole("button", { name: "Save changes" }).click();
  await expect(again.getByRole("status")).toContainText("invitee uids masked");
  await expect(again.getByLabel("Mask invitee uids")).toBeDisabled();
  await expect(again.getByText("Uids stay masked: masking cannot be taken off an existing link. To show them, make a new link.")).toBeVisible();
  await expect(again.getByRole("list", { name: "Changes, newest first" })).toContainText("Invitee uids shown → masked");
  await context.close();
});
