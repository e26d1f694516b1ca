import { describe, expect, it } from "vitest";
import { MemoryBudgetStore } from "./memory-store";
import type { BudgetStore } from "./store";
import { weightBudgetContract } from "./store-contract";
import { WeightBudget } from "./weight-budget";

describe("WeightBudget (memory store)", () => {
  weightBudgetContract(() => new MemoryBudgetStore());

  it("defaults to a memory store", () => {
    expect(new WeightBudget().store).toBeInstanceOf(MemoryBudgetStore);
  });

  it("turns a failing store into a typed refusal: nothing is sent, no internal error", async () => {
    const broken: BudgetStore = {
      tryReserve: () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.9:6379")),
      settle: () => Promise.resolve(),
      pause: () => Promise.reject(new Error("down")),
      pausedUntil: () => Promise.resolve(0),
      used: () => Promise.resolve(0),
    };
    const budget = new WeightBudget({ store: broken });
    const failure = budget.acquire({ endpoint: "spotTicker", ip: { key: "ip:x", weight: 1 } });
    await expect(failure).rejects.toMatchObject({ kind: "budget-queue-full", endpoint: "spotTicker" });
    await expect(failure).rejects.not.toMatchObject({ msg: expect.stringContaining("10.0.0.9") });
    await expect(budget.pause(["ip:x"], Date.now() + 1_000)).rejects.toMatchObject({ kind: "budget-queue-full" });
  });
});
