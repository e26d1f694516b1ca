/** Users made the way an admin makes them: through the Settings → Users page, signed in as the demo admin. */
import { expect, type Browser } from "@playwright/test";

export const DEMO = { email: "demo@rebatedesk.local", password: "demo-password" };

/** Creates a user with a fresh e-mail (`<prefix>-<time>@rebatedesk.local`); returns the e-mail. */
export async function createUserViaUi(browser: Browser, baseURL: string, role: string, password: string, prefix = role): Promise<string> {
  const page = await browser.newPage({ baseURL });
  try {
    await page.goto("/login");
    await page.getByLabel(/e-?mail/i).fill(DEMO.email);
    await page.getByLabel(/password/i).fill(DEMO.password);
    await page.getByRole("button", { name: /^sign in$/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto("/settings/users");
    const email = `${prefix}-${Date.now()}@rebatedesk.local`;
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: /create user/i }) });
    await form.getByLabel(/e-?mail/i).fill(email);
    await form.getByLabel(/^role/i).selectOption(role);
    await form.getByLabel(/initial password/i).fill(password);
    await form.getByRole("button", { name: /create user/i }).click();
    await expect(page.getByText(email).first()).toBeVisible();
    return email;
  } finally {
    await page.close();
  }
}
