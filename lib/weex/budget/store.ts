/**
 * Where weight reservations live. The in-process store serves one instance;
 * a shared store (Redis, for several app instances) implements the same
 * interface, so budgets hold across processes.
 */

export interface WeightClaim {
  /** Budget key, e.g. "ip:api.weex.com" or "uid:<api key>". */
  key: string;
  weight: number;
  /** The most weight this key may have counted within one window. */
  limit: number;
}

export type ReserveResult = { ok: true; id: string } | { ok: false; retryAt: number };

export interface BudgetStore {
  /**
   * Reserves every claim at once if each fits within its key's limit over the
   * window ending at `now`; otherwise reserves nothing and says when enough
   * weight should have expired to try again.
   */
  tryReserve(claims: readonly WeightClaim[], windowMs: number, now: number): Promise<ReserveResult>;
  /**
   * The request of reservation `id` has finished at `now`. Its weight keeps
   * counting for a whole window after that: the server counted it on arrival,
   * which is at or before now, so holding it until now + window can never
   * under-count what the server sees.
   */
  settle(id: string, now: number, windowMs: number): Promise<void>;
  /** Stops every claim on these keys until `until` (after a 429/418 with Retry-After). */
  pause(keys: readonly string[], until: number): Promise<void>;
  /** The latest pause in force over these keys (0 when none). */
  pausedUntil(keys: readonly string[], now: number): Promise<number>;
  /** Weight counted for a key within the window ending at `now` (in-flight included). */
  used(key: string, now: number): Promise<number>;
}
