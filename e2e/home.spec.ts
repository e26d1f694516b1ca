import { expect, test } from "@playwright/test";

// The signed-in overview (what `/` shows now) is covered by dashboard.spec.ts.

test("/ asks a signed-out visitor to sign in, without console or page errors", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));

  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2F$/);
  await expect(page).toHaveTitle(/Rebate Desk/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

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
