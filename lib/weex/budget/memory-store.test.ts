import { describe } from "vitest";
import { MemoryBudgetStore } from "./memory-store";
import { budgetStoreContract } from "./store-contract";

describe("MemoryBudgetStore", () => {
  budgetStoreContract(() => new MemoryBudgetStore());
});
