import { expect, test } from "@playwright/test";
import { signIn } from "../support/demo";

/**
 * Signing out ends every session of the user (lib/auth: its session_version is raised), the one the other
 * specs share included, so this spec runs in the serial project, after them.
 */
test("signing out returns to the sign-in page and closes the dashboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await expect(page.getByRole("banner")).toContainText("Demo user");
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/markets");
  await expect(page).toHaveURL(/\/login/);
});
