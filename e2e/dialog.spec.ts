import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { expectContentWithin, expectNoSidewaysScroll, seriousViolations, watchConsole } from "./support/page-checks";

/**
 * What the one modal dialog shell (components/ui/dialog.tsx) guarantees, for
 * every dialog that uses it: the share and digest dialogs of a report, and a
 * link's edit and view-log dialogs on Reports. Each is named by its heading,
 * takes focus inside, closes on Escape and on its Close button, and gives focus
 * back to the button that opened it; it is axe clean in light and dark and fits
 * 1440 and 390 px with no horizontal scroll. Screenshots (page.screenshot makes
 * the folder): SHOTS_DIR, default test-results/dialog-shots.
 */

const SHOTS = process.env.SHOTS_DIR ?? "test-results/dialog-shots";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

interface Case {
  shot: string;
  opener: (page: Page) => Locator;
  name: string | RegExp;
  /** A form dialog's first field, which takes focus when it opens. */
  firstField?: string;
}

/** Opens the dialog from its button by keyboard, as a keyboard user would. */
async function openByKeyboard(page: Page, opener: Locator): Promise<Locator> {
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The shell's promises: named by its heading, focus inside, Escape and Close both close, focus back on the opener. */
async function checkShell(page: Page, { opener, name }: Case): Promise<void> {
  const button = opener(page);
  let dialog = await openByKeyboard(page, button);
  await expect(dialog).toHaveAccessibleName(name);
  await expect(dialog).toHaveAccessibleName(await dialog.getByRole("heading", { level: 2 }).first().innerText());
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  dialog = await openByKeyboard(page, button);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
}

/** Light and dark at 1440 px, then 390 px: axe clean, no horizontal scroll, the dialog within the screen; a picture of each. */
async function checkLooks(page: Page, { shot, opener }: Case): Promise<void> {
  for (const [width, scheme] of [
    [1440, "light"],
    [1440, "dark"],
    [390, "light"],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    const dialog = await openByKeyboard(page, opener(page));
    const what = `${shot} ${width} ${scheme}`;
    // The dialog itself: the page behind it (inert while it is open) is axe-checked by its own specs.
    expect(await seriousViolations(page, { include: "dialog[open]" }), what).toEqual([]);
    await expectNoSidewaysScroll(page, `${what}: horizontal scroll`);
    await expectContentWithin(dialog, `${what}: the dialog's content wraps within it`);
    const box = await dialog.boundingBox();
    expect(box && box.x > 0 && box.x + box.width < width, `${what}: page shows either side`).toBe(true);
    await page.screenshot({ path: `${SHOTS}/${shot}-${width}-${scheme}.png` });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

const REPORT_DIALOGS: Case[] = [
  { shot: "share", opener: (page) => page.getByRole("button", { name: "Share", exact: true }), name: "Share Commissions", firstField: "Label" },
  { shot: "digest", opener: (page) => page.getByRole("button", { name: "Send this view on a schedule…" }), name: "Send Commissions on a schedule", firstField: "Name" },
];

test("a report's share and digest dialogs: named, Escape and Close close them, focus returns; they fit and pass axe", async ({ page }) => {
  test.setTimeout(150_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "/commissions?range=7d");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commissions");
  for (const dialog of REPORT_DIALOGS) {
    await checkShell(page, dialog);
    await checkLooks(page, dialog);
    // A form dialog starts at its first field, so a keyboard user types at once.
    if (!dialog.firstField) continue;
    const opened = await openByKeyboard(page, dialog.opener(page));
    await expect(opened.getByLabel(dialog.firstField, { exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(opened).toBeHidden();
  }

  // Every opening starts from the defaults: what was typed and cancelled is gone.
  const share = await openByKeyboard(page, REPORT_DIALOGS[0]!.opener(page));
  await share.getByLabel("Label").fill("Typed, then cancelled");
  await share.getByRole("button", { name: "Cancel" }).click();
  await expect(share).toBeHidden();
  await openByKeyboard(page, REPORT_DIALOGS[0]!.opener(page));
  await expect(share.getByLabel("Label")).toHaveValue("Commissions");
  // Done after creating a link closes it and gives focus back too.
  const label = `Dialog shell ${Date.now().toString(36)}`;
  await share.getByLabel("Label").fill(label);
  await share.getByRole("button", { name: "Create link" }).click();
  await share.getByRole("button", { name: "Done" }).click();
  await expect(share).toBeHidden();
  await expect(REPORT_DIALOGS[0]!.opener(page)).toBeFocused();
  expect(problems).toEqual([]);
});

test("a link's edit and view-log dialogs on Reports: named, Escape and Close close them, focus returns; they fit and pass axe", async ({ page }) => {
  test.setTimeout(150_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "/commissions?range=7d");
  const label = `Dialog list ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const share = page.getByRole("dialog");
  await share.getByLabel("Label").fill(label);
  await share.getByRole("button", { name: "Create link" }).click();
  await expect(share.getByLabel("Share link")).toHaveValue(/\/r\//);
  await share.getByRole("button", { name: "Done" }).click();

  await page.goto("/reports");
  const row = (p: Page) => p.getByTestId("share-link").filter({ hasText: label });
  await expect(row(page)).toBeVisible();
  const linkDialogs: Case[] = [
    { shot: "edit-link", opener: (p) => row(p).getByRole("button", { name: `Edit link "${label}"` }), name: `Edit "${label}"` },
    { shot: "view-log", opener: (p) => row(p).getByRole("button", { name: `View log of "${label}"` }), name: `Views of “${label}”` },
  ];
  for (const dialog of linkDialogs) {
    await checkShell(page, dialog);
    await checkLooks(page, dialog);
  }
  expect(problems).toEqual([]);
});
