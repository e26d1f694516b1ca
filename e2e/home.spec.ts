import { expect, test } from "@playwright/test";

test("home page shows the product name without console or page errors", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));

  const response = await page.goto("/");
  expect(response?.status()).toBe(200);

  await expect(page).toHaveTitle(/Rebate Desk/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveCount(1);
  await expect(heading).toHaveText("Rebate Desk");
  await expect(page.getByText("The dashboard arrives in a later release")).toBeVisible();

  // Let hydration and any late requests finish before judging the console.
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test("/api/health answers ok:true, uncached", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect(response.headers()["x-powered-by"]).toBeUndefined();
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");

  const body = (await response.json()) as { ok: unknown; service: unknown; time: unknown };
  expect(body.ok).toBe(true);
  expect(body.service).toBe("rebate-desk");
  expect(typeof body.time).toBe("string");
  expect(new Date(body.time as string).toISOString()).toBe(body.time);
});
