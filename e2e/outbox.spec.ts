import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/demo";
import { expectNoSidewaysScroll, seriousViolations, watchConsole } from "./support/page-checks";
import { readPdf } from "./support/pdf";
import { createUserViaUi } from "./support/users";

// axe cannot run inside a frame sandboxed without scripts (injecting it hangs), and that document is the mail's, not the app's.
const MAIL_FRAME = "iframe[sandbox]";

/**
 * The in-app outbox of demo mode (no SMTP_URL): "Send test mail" sends a real message through the
 * delivery worker, the Outbox lists it, and its page shows it as it would be sent — headers with a
 * Message-ID from the delivery, the HTML in a sandboxed frame under a no-script CSP, the plain text,
 * and the Overview PDF rendered at send time, which downloads and reads. Accessible in light and
 * dark, and at 390 px without sideways scrolling. Screenshots are kept in the test's output.
 */

async function setTheme(page: Page, theme: "Light" | "Dark"): Promise<void> {
  const button = page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` });
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
}

test("send test mail: the outbox shows the message as it would be sent, PDF attached", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  // An analyst of its own: test mails are limited per user, and other specs (the fuzz) spend the demo admin's.
  const password = "outbox-analyst-pw-1";
  const email = await createUserViaUi(browser, baseURL as string, "analyst", password, "outbox");
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/login");
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Outbox", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outbox");
  await expect(page.getByText(/Demo mode with no mail server/)).toBeVisible();
  await expect(page.getByText("You see the messages sent on your behalf.")).toBeVisible();

  await page.getByRole("button", { name: "Send test mail" }).click();
  await expect(page.getByText("The test message was sent.")).toBeVisible({ timeout: 120_000 });
  const row = page.getByRole("link", { name: "Rebate Desk test message" }).first();
  await expect(row).toBeVisible();
  // The delivery log says it went, at the first try.
  const logRow = page.getByRole("region", { name: "Delivery log" }).getByRole("row", { name: /Test by mail/ }).first();
  await expect(logRow).toContainText(/Sent \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await expect(logRow.getByRole("cell").nth(3)).toHaveText("1");
  for (const theme of ["Light", "Dark"] as const) {
    await setTheme(page, theme);
    expect(await seriousViolations(page), `${theme}: /outbox`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`outbox-list-${theme.toLowerCase()}.png`), fullPage: true });
  }

  await row.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rebate Desk test message");
  const headers = page.getByRole("region", { name: "Headers" });
  await expect(headers.getByText(/^<dlv_[A-Za-z0-9_-]+@localhost>$/)).toBeVisible();
  await expect(headers.getByText(email, { exact: true })).toBeVisible();

  // The HTML part: a sandboxed frame (no scripts, no same-origin), its document opening with a no-script, no-network CSP.
  const frameElement = page.locator('iframe[title^="HTML of the message"]');
  await expect(frameElement).toHaveAttribute("sandbox", "");
  expect(await frameElement.getAttribute("srcdoc")).toMatch(/^<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
  await expect(page.frameLocator('iframe[title^="HTML of the message"]').getByRole("heading", { name: "Rebate Desk test message" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Plain text" })).toContainText("This is a test message from Rebate Desk.");

  const pending = page.waitForEvent("download");
  await page.getByRole("link", { name: "overview-last-30-days.pdf" }).click();
  const download = await pending;
  const pdf = await readPdf(new Uint8Array(await readFile(await download.path())));
  expect(pdf.pages.length).toBeGreaterThan(0);
  expect(pdf.text).toContain("Overview");

  for (const theme of ["Light", "Dark"] as const) {
    await setTheme(page, theme);
    expect(await seriousViolations(page, { exclude: MAIL_FRAME }), `${theme}: ${page.url()}`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`outbox-message-${theme.toLowerCase()}.png`), fullPage: true });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("outbox-message-390.png"), fullPage: true });
  await page.goto("/outbox");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("outbox-list-390.png"), fullPage: true });
  // The one console error allowed is the sandbox at work: axe's attempt to inject itself into the mail's frame is blocked.
  expect(problems.filter((p) => !/^console\.error: Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/.test(p))).toEqual([]);
});

test("settings → webhooks: an endpoint is added with its secret shown once, and refused URLs say why", async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await signIn(page, "/settings/webhooks");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhooks");
  await page.getByLabel("Name").fill("Internal");
  await page.getByLabel("URL (https://)").fill("http://10.0.0.5/hook");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText(/Not added: The webhook URL must start with https:\/\//)).toBeVisible();

  await page.getByLabel("Name").fill("Ops channel");
  await page.getByLabel("URL (https://)").fill("http://127.0.0.1:9/services/T000/B000/abcdefgh");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText(/Copy it now: it is not shown again/)).toBeVisible();
  await expect(page.locator("code", { hasText: /^whsec_/ })).toBeVisible();
  const row = page.getByRole("row", { name: /Ops channel/ });
  await expect(row).toContainText("http://127.0.0.1:9/…efgh");
  for (const theme of ["Light", "Dark"] as const) {
    await setTheme(page, theme);
    expect(await seriousViolations(page), `${theme}: /settings/webhooks`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`webhooks-${theme.toLowerCase()}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("webhooks-390.png"), fullPage: true });
  page.on("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: 'Delete "Ops channel"' }).click();
  await expect(page.getByRole("row", { name: /Ops channel/ })).toHaveCount(0);
  // The refused URL's 400 is logged by the browser itself; nothing else may be.
  expect(problems.filter((p) => !p.startsWith("console.error: Failed to load resource: the server responded with a status of 400 (Bad Request) ("))).toEqual([]);
});
