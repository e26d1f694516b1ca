import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/demo";
import { seriousViolations, watchConsole } from "./support/page-checks";

/**
 * Contract trading a trader can trust (issue 17), in Chromium on the embedded
 * sandbox: a limit order 1 % under the reference price rests and is cancelled
 * from the contract orders list; a market order fills with its average price;
 * take profit and stop loss are cleared when the symbol or side changes; tick
 * and step violations are refused in the form, before any request is sent. The
 * tabs work from the keyboard and keep the tab in the URL.
 */

async function placeForm(page: Page) {
  await signIn(page, "/orders?tab=place");
  const form = page.getByRole("heading", { name: "Place a contract order" }).locator("xpath=ancestor::section[1]");
  await expect(form).toBeVisible({ timeout: 20_000 });
  // The reference price (spot 24 h ticker) has arrived: the rules' checks can use it.
  await expect(form.getByTestId("reference-last")).toHaveText(/^\d[\d,]*\.\d$/, { timeout: 20_000 });
  return form;
}

/** The spot last of the reference block as a number of 0.1 ticks (BTCUSDT). */
async function referenceTicks(form: ReturnType<Page["locator"]>): Promise<number> {
  const text = await form.getByTestId("reference-last").innerText();
  return Math.round(Number(text.replace(/,/g, "")) * 10);
}

const ticksToPrice = (ticks: number) => `${Math.floor(ticks / 10)}.${ticks % 10}`;

test.describe("contract trading", () => {
  test("a limit buy 1 % under the reference price rests (NEW), is cancelled from the list and reads CANCELED", async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const form = await placeForm(page);
    const price = ticksToPrice(Math.floor((await referenceTicks(form)) * 0.99));
    await form.getByLabel("Quantity", { exact: true }).fill("0.010");
    await form.getByLabel("Price", { exact: true }).fill(price);
    await expect(form.getByTestId("order-notional")).toHaveText(/^≈ [\d,.]+ USDT$/);
    const clientOrderId = await form.getByTestId("client-order-id").innerText();
    await form.getByRole("button", { name: "Review order" }).click();
    await expect(form.getByTestId("order-sentence")).toHaveText(new RegExp(`^Buy 0\\.010 BTCUSDT LONG, limit [\\d,]+\\.\\d, notional ≈ [\\d,.]+ USDT$`));
    // The exact request is still there to expand.
    await form.getByText("The exact request").click();
    await expect(form.getByLabel("Request to be sent")).toContainText(`"price": "${price}"`);
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(form.getByTestId("placed-outcome")).toHaveText(/^Placed\. Resting \(NEW\)/, { timeout: 20_000 });
    // A success is not shown with a warning: the notice is informational.
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("tab", { name: "Contract orders", exact: true }).click();
    await expect(page).toHaveURL(/tab=contract/);
    await expect(page.getByText(/Positions are not part of the V3 interface/)).toBeVisible();
    const row = page.getByRole("region", { name: "Contract orders", exact: true }).locator("tbody tr", { hasText: clientOrderId });
    await expect(row).toContainText("Resting (NEW)", { timeout: 20_000 });
    await row.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Cancel 1 selected order" }).click();
    await expect(page.getByRole("region", { name: "Cancel results" }).locator("tbody tr")).toContainText("Cancelled");
    await expect(row).toContainText("Cancelled", { timeout: 20_000 });
    expect(problems).toEqual([]);
  });

  test("a market order shows FILLED with its average price", async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const form = await placeForm(page);
    await form.getByLabel("Type", { exact: true }).selectOption("MARKET");
    await form.getByLabel("Quantity", { exact: true }).fill("0.002");
    await expect(form.getByTestId("order-notional")).toHaveText(/^≈ [\d,.]+ USDT$/);
    await form.getByRole("button", { name: "Review order" }).click();
    await expect(form.getByTestId("order-sentence")).toHaveText(/^Buy 0\.002 BTCUSDT LONG, at market, notional ≈ [\d,.]+ USDT at the reference price$/);
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(form.getByTestId("placed-outcome")).toHaveText(/^Placed\. Filled at an average price of [\d,]+\.\d\.$/, { timeout: 20_000 });
    expect(problems).toEqual([]);
  });

  test("changing the symbol or the side clears take profit and stop loss", async ({ page }) => {
    test.setTimeout(90_000);
    const form = await placeForm(page);
    const tp = form.getByLabel("TP trigger price");
    const sl = form.getByLabel("SL trigger price");
    await tp.fill("90000");
    await sl.fill("50000");
    await form.getByLabel("Symbol", { exact: true }).selectOption("ETHUSDT");
    await expect(tp).toHaveValue("");
    await expect(sl).toHaveValue("");
    await expect(form.getByText("Take profit and stop loss cleared: they were set for BUY BTCUSDT LONG.")).toBeVisible();
    await tp.fill("9000");
    await form.getByLabel("Side", { exact: true }).selectOption("SELL");
    await expect(tp).toHaveValue("");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("tick and step violations are refused in the form: no request is sent", async ({ page }) => {
    test.setTimeout(90_000);
    const form = await placeForm(page);
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/orders/")) sent.push(r.url());
    });
    await form.getByLabel("Quantity", { exact: true }).fill("0.0000001");
    await form.getByLabel("Price", { exact: true }).fill("65000.123");
    await form.getByRole("button", { name: "Review order" }).click();
    await expect(form.getByText(/quantity 0\.0000001 has 7 decimal places; at most 5 allowed \(the exchange refuses it with -1160\)/)).toBeVisible();
    await expect(form.getByText(/price 65000\.123 has 3 decimal places; at most 1 allowed/)).toBeVisible();
    await expect(form.getByLabel("Quantity", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("Quantity", { exact: true }).fill("1000000000000000000000000000000");
    await form.getByLabel("Price", { exact: true }).fill("65000.0");
    await form.getByRole("button", { name: "Review order" }).click();
    await expect(form.getByText(/above the maximum 1000 of BTCUSDT/)).toBeVisible();
    await expect(form.getByRole("button", { name: "Place order" })).toHaveCount(0);
    expect(sent).toEqual([]);
    // Nothing reached the exchange either: the audit log (every order sent) has no entry since.
    await page.getByRole("tab", { name: "Audit", exact: true }).click();
    await expect(page.getByRole("region", { name: "Trading audit log" }).first()).not.toContainText("0.0000001");
  });

  test("the tabs work from the keyboard and keep the tab in the URL", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, "/orders");
    const tablist = page.getByRole("tablist", { name: "Orders" });
    // The Audit tab comes once the session says the user is an admin.
    await expect(tablist.getByRole("tab")).toHaveText(["Spot open orders", "Spot history", "Contract orders", "Place order", "TP/SL", "Conditional history", "Audit"], { timeout: 20_000 });
    await tablist.getByRole("tab", { name: "Spot open orders" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tablist.getByRole("tab", { name: "Spot history" })).toBeFocused();
    await expect(tablist.getByRole("tab", { name: "Spot history" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/tab=history/);
    await expect(page.getByRole("tabpanel", { name: "Spot history" })).toBeVisible();
    await page.keyboard.press("End");
    await expect(page).toHaveURL(/tab=audit/);
    await page.reload();
    await expect(tablist.getByRole("tab", { name: "Audit" })).toHaveAttribute("aria-selected", "true");
    for (const theme of ["Light", "Dark"] as const) {
      await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
