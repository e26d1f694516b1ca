import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/demo";
import { seriousViolations, watchConsole } from "./support/page-checks";

/**
 * Account and Orders on the embedded sandbox: balances, bills and their paging,
 * CSV export, the Orders page's tabs (open orders, history, spot batch
 * placement's -1150 notice) and contract trading (a LIMIT order with TP/SL
 * placed, then cancelled from the contract orders list, a batch cancel of an
 * unknown id). No console errors; no serious or critical axe violations.
 */

/** Opens a tab of the Orders page by clicking it. */
async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole("tablist", { name: "Orders" }).getByRole("tab", { name, exact: true }).click();
  await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
}

/** The bill id cells (2nd column) of a bills table. */
async function billIds(page: Page, table: string): Promise<string[]> {
  return page.getByRole("region", { name: table, exact: true }).locator("tbody tr td:nth-child(2)").allInnerTexts();
}

test.describe("account and orders", () => {
  test("account: balances, fee rates, bills paging older and newer, funding pages, CSV export", async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await signIn(page, "/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();

    const balances = page.getByRole("region", { name: "Balances", exact: true });
    await expect(balances.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
    // The panel says when the app fetched the account (Refresh moves it), apart from the exchange's own account time.
    const balancesPanel = page.getByRole("heading", { name: "Balances", exact: true }).locator("xpath=ancestor::section[1]");
    const fetched = async () => /fetched (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC/.exec(await balancesPanel.innerText())?.[1] ?? "";
    await expect(balancesPanel).toContainText("exchange's account time");
    const firstFetch = await fetched();
    expect(Math.abs(Date.parse(`${firstFetch.replace(" ", "T")}Z`) - Date.now())).toBeLessThan(60_000);
    await page.waitForTimeout(1_100);
    await balancesPanel.getByRole("button", { name: "Refresh" }).click();
    await expect.poll(fetched).not.toBe(firstFetch);
    await expect(page.getByRole("heading", { name: "Fee rates" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Permissions" })).toBeVisible();

    const spot = page.getByRole("region", { name: "Spot bills", exact: true });
    await expect(spot.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
    const latest = await billIds(page, "Spot bills");
    expect(latest.length).toBeGreaterThan(1);
    // Amounts carry their sign.
    await expect(spot.locator("tbody tr td:nth-child(5)").first()).toHaveText(/^[+-]|^0$/);

    const pager = page.getByRole("navigation", { name: "Spot bills pages" });
    await pager.getByRole("button", { name: "Older" }).click();
    await expect(page).toHaveURL(new RegExp(`before=${latest[latest.length - 1]}`));
    await expect.poll(async () => (await billIds(page, "Spot bills"))[0]).not.toBe(latest[0]);
    const older = await billIds(page, "Spot bills");
    expect(BigInt(older[0]!)).toBeLessThan(BigInt(latest[latest.length - 1]!));

    await pager.getByRole("button", { name: "Newer" }).click();
    await expect(page).toHaveURL(new RegExp(`after=${older[0]}`));
    await expect.poll(async () => (await billIds(page, "Spot bills"))[0]).toBe(latest[0]);

    // CSV of what is shown: header row, UTF-8 with a BOM, exact decimals, negative amounts as numbers.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("heading", { name: "Spot bills" }).locator("xpath=ancestor::section[1]").getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^spot-bills-.*\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^billId,/);
    expect(lines.length).toBe(latest.length + 1);
    // Negative amounts are numbers (not guarded text), so a spreadsheet sums them.
    expect(lines.slice(1).some((l) => /,-\d/.test(l))).toBe(true);
    expect(lines.slice(1).some((l) => /,'-\d/.test(l))).toBe(false);

    // The asset box takes a coin name: an unknown one is refused in words, a known one filters by its id.
    const spotPanel = page.getByRole("heading", { name: "Spot bills" }).locator("xpath=ancestor::section[1]");
    const assetBox = spotPanel.getByLabel("Asset (coin name or id)");
    await assetBox.fill("NOPECOIN");
    await spotPanel.getByRole("button", { name: "Apply" }).click();
    await expect(spotPanel.getByText('No coin named "NOPECOIN"')).toBeVisible();
    await expect(page).not.toHaveURL(/[?&]coin=/);
    await assetBox.fill("usdt");
    await spotPanel.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]coin=\d+/);
    await expect(spotPanel.getByText("No coin named")).toHaveCount(0);
    // The asset cell reads "<name> #<coinId>": every row is USDT, under the id the name was mapped to.
    const usdtId = new URL(page.url()).searchParams.get("coin");
    await expect.poll(async () => [...new Set(await spot.locator("tbody tr td:nth-child(3)").allInnerTexts())]).toEqual([`USDT #${usdtId}`]);

    const funding = page.getByRole("region", { name: "Funding bills", exact: true });
    await expect(funding.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
    const fundingPager = page.getByRole("navigation", { name: "Funding bills pages" });
    if (await fundingPager.getByRole("button", { name: "Next page" }).isEnabled()) {
      await fundingPager.getByRole("button", { name: "Next page" }).click();
      await expect(page).toHaveURL(/fpage=2/);
      await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();
    }

    for (const theme of ["Light", "Dark"] as const) {
      await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
      expect(await seriousViolations(page)).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  test("orders: open orders, history paging, order lookup, batch placement notice", async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await signIn(page, "/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();

    const open = page.getByRole("region", { name: "Open orders", exact: true });
    await expect(open.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
    await expect(open.locator("tbody tr").first()).toContainText(/New|Partially filled/);

    await openTab(page, "Spot history");
    await expect(page).toHaveURL(/tab=history/);
    const history = page.getByRole("region", { name: "Order history", exact: true });
    await expect(history.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
    const firstId = await history.locator("tbody tr td:nth-child(3)").first().innerText();
    await page.getByRole("navigation", { name: "Order history pages" }).getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(async () => history.locator("tbody tr td:nth-child(3)").first().innerText()).not.toBe(firstId);

    // Look the first order up by its id.
    await page.getByLabel("Id", { exact: true }).fill(firstId);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByRole("region", { name: "Order details", exact: true }).locator("tbody tr")).toContainText(firstId);

    // Spot batch placement: the exchange answers -1150, shown as a plain notice.
    await openTab(page, "Place order");
    const batch = page.getByRole("region", { name: "Spot batch placement" });
    await batch.getByLabel("Quantity", { exact: true }).fill("0.01");
    await batch.getByLabel("Price", { exact: true }).fill("1000");
    await batch.getByRole("button", { name: "Place 1 order" }).click();
    await expect(batch.getByText(/answered -1150/)).toBeVisible();

    for (const theme of ["Light", "Dark"] as const) {
      await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
      expect(await seriousViolations(page)).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  test("contract trading: a LIMIT order with TP/SL, confirmed and placed, then cancelled beside an unknown id", async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await signIn(page, "/orders?tab=place");
    const form = page.getByRole("heading", { name: "Place a contract order" }).locator("xpath=ancestor::section[1]");
    await expect(form).toBeVisible({ timeout: 20_000 });

    // A rule of the table, checked in the form: LIMIT needs a price.
    await form.getByLabel("Quantity", { exact: true }).fill("0.01");
    await form.getByRole("button", { name: "Review order" }).click();
    await expect(form.getByText(/price is required/i)).toBeVisible();

    await form.getByLabel("Price", { exact: true }).fill("1000");
    await form.getByLabel("TP trigger price").fill("200000");
    await form.getByLabel("TP working type").selectOption("MARK_PRICE");
    await form.getByLabel("SL trigger price").fill("900");
    const clientOrderId = await form.getByTestId("client-order-id").innerText();
    expect(clientOrderId).toMatch(/^rd-[0-9a-f]{24}$/);
    await form.getByRole("button", { name: "Review order" }).click();

    const sent = form.getByLabel("Request to be sent");
    await expect(sent).toContainText(`"newClientOrderId": "${clientOrderId}"`);
    await expect(sent).toContainText(`"tpTriggerPrice": "200000"`);
    await expect(sent).toContainText(`"TpWorkingType": "MARK_PRICE"`);
    await expect(form.getByTestId("order-sentence")).toHaveText(
      "Buy 0.01 BTCUSDT LONG, limit 1,000, notional ≈ 10 USDT; take profit 200,000 on mark price; stop loss 900 on contract price",
    );
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(form.getByTestId("placed-outcome")).toHaveText(/^Placed\. Resting \(NEW\)/, { timeout: 20_000 });

    await openTab(page, "Contract orders");
    const list = page.getByRole("region", { name: "Contract orders", exact: true });
    const row = list.locator("tbody tr", { hasText: clientOrderId });
    await expect(row).toContainText("Resting (NEW)", { timeout: 20_000 });
    await expect(row).toContainText("set when filled");
    const orderId = await row.locator("td:nth-child(6)").innerText(); // Select, Status, Placed, Order, TP/SL, Order id

    await row.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Cancel 1 selected order" }).click();
    await expect(page.getByRole("region", { name: "Cancel results" }).locator("tbody tr", { hasText: orderId })).toContainText("Cancelled");
    await expect(row).toContainText("Cancelled", { timeout: 20_000 });

    // Any order by id, beside the list: an unknown id fails on its own.
    await page.getByLabel(/Other order ids/).fill("123456789012345678");
    await page.getByRole("button", { name: "Cancel 1 order" }).click();
    const results = page.getByRole("region", { name: "Cancel results" }).last();
    await expect(results.locator("tbody tr", { hasText: "123456789012345678" })).toContainText(/Failed.*ORDER_NOT_FOUND/);

    // The order can be looked up by its id: cancelled now.
    const lookup = page.getByRole("heading", { name: "Look up a contract order" }).locator("xpath=ancestor::section[1]");
    await lookup.getByLabel("Order id").fill(orderId);
    await lookup.getByRole("button", { name: "Find order" }).click();
    await expect(lookup.getByRole("status")).toContainText("CANCELED");

    // Retrying sends only the element that failed.
    await page.getByRole("button", { name: "Retry the 1 that failed" }).click();
    await expect(results.locator("tbody tr")).toHaveCount(1);
    await expect(results.locator("tbody tr")).toContainText("123456789012345678");

    // A stop loss on the position, through the audited TP/SL route; its rules are checked in the form.
    await openTab(page, "TP/SL");
    const tpsl = page.getByRole("heading", { name: "Take profit / stop loss on a position" }).locator("xpath=ancestor::section[1]");
    await tpsl.getByLabel("Symbol").selectOption("BTCUSDT");
    await tpsl.getByLabel("Plan").selectOption("STOP_LOSS");
    await tpsl.getByLabel("Trigger price").fill("0");
    await tpsl.getByLabel("Quantity").fill("0.01");
    await expect(tpsl.getByRole("button", { name: "Place conditional order" })).toBeDisabled();
    // Off the symbol's tick (0.1): refused in the form with the exchange's code.
    await tpsl.getByLabel("Trigger price").fill("900.05");
    await expect(tpsl.getByText(/triggerPrice 900\.05 has 2 decimal places; at most 1 allowed \(the exchange refuses it with -1160\)/)).toBeVisible();
    await expect(tpsl.getByRole("button", { name: "Place conditional order" })).toBeDisabled();
    await tpsl.getByLabel("Trigger price").fill("900");
    await tpsl.getByRole("button", { name: "Place conditional order" }).click();
    await expect(tpsl.getByText(/Placed: conditional order \d+/)).toBeVisible({ timeout: 20_000 });

    // The admin sees both actions in the audit log.
    await openTab(page, "Audit");
    const audit = page.getByRole("region", { name: "Trading audit log" }).first();
    await expect(audit).toContainText("contractBatchCancel", { timeout: 20_000 });
    await expect(audit).toContainText("contractPlaceOrder");
    await expect(audit).toContainText("placeTpSlOrder");

    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
