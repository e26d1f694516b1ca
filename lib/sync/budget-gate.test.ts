import { describe, expect, it } from "vitest";
import { WeightBudget } from "../weex/budget";
import { WeexClient } from "../weex/client";
import { BudgetGate } from "./budget-gate";

function setup() {
  const budget = new WeightBudget({ ipLimit: 500, uidLimit: 500, windowMs: 300 });
  const client = new WeexClient({ spotBaseUrl: "http://127.0.0.1:9", contractBaseUrl: "http://127.0.0.1:9", credentials: { apiKey: "k", secret: "s", passphrase: "p" }, budget });
  const use = async (weight: number) => (await budget.acquire({ endpoint: "x", ip: { key: "ip:127.0.0.1:9", weight }, uid: { key: "uid:k", weight } })).settle();
  const gate = new BudgetGate(client, 0.8, (ms) => new Promise((r) => setTimeout(r, ms)));
  return { use, gate };
}

describe("the sync's budget gate", () => {
  it("alone, the sync may fill the window up to one request's reserve", async () => {
    const { use, gate } = setup();
    await use(460);
    gate.spent(460);
    const t = Date.now();
    await gate.wait(20);
    expect(Date.now() - t).toBeLessThan(50);
    expect(gate.waitedMs).toBe(0);
  });

  it("when live calls used weight in the window, the sync keeps (1 − share) of the budget free for them", async () => {
    const { use, gate } = setup();
    await use(390); // live calls: 390 + 20 > 500 × 0.8
    const t = Date.now();
    await gate.wait(20);
    expect(Date.now() - t).toBeGreaterThanOrEqual(250); // until the live weight left the window
    expect(gate.waitedMs).toBeGreaterThan(0);
  });
});
