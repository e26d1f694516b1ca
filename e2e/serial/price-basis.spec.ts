import { expect, test } from "@playwright/test";
import { signIn } from "../support/demo";

/**
 * The connection's price basis is chosen where the connection is managed (docs/prices.md). Changing it changes what
 * every other spec's USDT values read, so this spec runs in the serial project, and puts the default back.
 */
test("an admin sets a connection's price basis on the Connections page; the API and the select agree", async ({ page }) => {
  await signIn(page, "/settings/connections");
  const list = (await (await page.request.get("/api/connections")).json()) as { selectedId: string; connections: Array<{ id: string; name: string }> };
  const connectionId = list.selectedId;
  const name = list.connections.find((c) => c.id === connectionId)!.name;
  const select = page.getByLabel(`Price basis of ${name}`, { exact: true });
  await expect(select).toHaveValue("utc");
  await expect(select.locator("option:checked")).toHaveText("Close at 00:00 UTC (default)");
  const read = async () => ((await (await page.request.get(`/api/connections/${connectionId}/price-basis`)).json()) as { priceBasis: string }).priceBasis;
  try {
    await select.selectOption({ label: "Close at 00:00 UTC+8 (as Bitget)" });
    await expect(page.getByRole("status").filter({ hasText: "Saved: the next sync reads the prices of this basis." })).toBeVisible();
    expect(await read()).toBe("utc8");
    await page.reload();
    await expect(page.getByLabel(`Price basis of ${name}`, { exact: true })).toHaveValue("utc8");
  } finally {
    const back = await page.request.put(`/api/connections/${connectionId}/price-basis`, { data: { priceBasis: "utc" } });
    expect(back.status()).toBe(200);
  }
  expect(await read()).toBe("utc");
  // Anything else is refused in words, never a 500.
  const bad = await page.request.put(`/api/connections/${connectionId}/price-basis`, { data: { priceBasis: "noon" } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ code: expect.anything(), msg: expect.any(String) });
});
