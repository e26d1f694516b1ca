export { MemoryBudgetStore } from "./memory-store";
export type { BudgetStore, ReserveResult, WeightClaim } from "./store";
export { DEFAULT_WEIGHT_LIMIT, DEFAULT_WINDOW_MS, WeightBudget, type Reservation, type WeightBudgetOptions, type WeightRequest } from "./weight-budget";
