import { expect, test } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { seriousViolations, watchConsole } from "./support/page-checks";

/**
 * Saved views in a real browser (issue #27): a filtered Commissions view saved
 * with "Save view", pinned in the navigation, reopened from there with its
 * filter, and on "Saved views and links" made into a digest, which the Digests
 * page lists with the view's report. The demo user and the app are shared with
 * other specs running beside it: names are unique per run, and the view is
 * deleted at the end so the navigation of later specs stays as it was.
 */

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test("save a view, open it from the navigation, and make a digest from it", async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Spot week ${Date.now().toString(36)}`;
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "/commissions?range=7d");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commissions");
  await page.getByRole("search", { name: "Report filters" }).getByLabel("Product", { exact: true }).selectOption("SPOT");
  await expect(page).toHaveURL(/product=SPOT/);

  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("The team").check();
  await expect(dialog.getByLabel("Pin in the navigation")).toBeChecked();
  expect(await seriousViolations(page, { include: "dialog[open]" }), "the save dialog").toEqual([]);
  await dialog.getByRole("button", { name: "Save view" }).click();
  await expect(dialog.getByRole("status")).toContainText(`Saved “${name}” (for the team, pinned in the navigation)`);
  await dialog.getByRole("button", { name: "Done" }).click();

  // Pinned: in the navigation's "Saved views" group; it opens the view with its filter from another page.
  const nav = page.getByRole("navigation", { name: "Main" });
  const pinned = nav.getByRole("list", { name: "Saved views" }).getByRole("link", { name, exact: true });
  await expect(pinned).toBeVisible();
  await nav.getByRole("link", { name: "Overview", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
  await pinned.click();
  await expect(page).toHaveURL((url) => url.pathname === "/commissions" && url.searchParams.get("product") === "SPOT" && url.searchParams.get("range") === "7d");
  await expect(page.getByRole("search", { name: "Report filters" }).getByLabel("Product", { exact: true })).toHaveValue("SPOT");

  // The list of saved views: the view in words, then a digest made from it.
  await nav.getByRole("link", { name: "Saved views and links", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saved views and links");
  const card = page.getByRole("main").getByRole("list", { name: "Saved views" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toContainText("Commissions");
  await expect(card).toContainText(/Spot/);
  await expect(card).toContainText("Team · pinned");
  // The page with a view's card on it, in both themes (the navigation's pass over every page sees no saved view).
  for (const theme of ["Dark", "Light"] as const) {
    await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
    await expect(page.locator("html")).toHaveClass(theme === "Dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page), `saved views and links, ${theme}`).toEqual([]);
  }
  // An alert from the view: the rule form opens prefilled with what the view fixes (no new kind: a period-change rule).
  await card.getByRole("link", { name: "Make an alert" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alerts");
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
  await page.goBack();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Make a digest" }).click();
  const form = page.getByRole("dialog");
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await form.getByLabel("Daily").check();
  await form.getByLabel("Local time").fill("07:30");
  await form.getByLabel("Time zone").fill("UTC");
  await form.getByLabel("Mail recipients").fill("desk@example.com");
  await expect(form.getByText(/Loading your webhook endpoints/)).toHaveCount(0);
  await form.getByRole("button", { name: "Create digest" }).click();
  await expect(form.getByRole("status")).toContainText(`“${name}” is scheduled: Daily at 07:30 (UTC).`);
  await form.getByRole("link", { name: "Open Digests" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Digests");
  const digest = page.getByRole("article", { name });
  await expect(digest).toContainText(/Commissions · .*Spot/);
  await expect(digest).toContainText(`from view “${name}”`);

  // Leave the shared demo user's navigation as other specs expect it.
  const views = (await (await page.request.get("/api/saved-views")).json()) as { views: Array<{ id: string; name: string }> };
  const id = views.views.find((v) => v.name === name)?.id;
  expect(id).toBeDefined();
  expect((await page.request.delete(`/api/saved-views/${id}`)).status()).toBe(204);
  expect(problems).toEqual([]);
});
