/**
 * When the sync may send its next page. Pages are read one at a time per
 * connection, and before each page the sync waits until the window has room
 * for it *plus a reserve* for live calls: a small reserve (one heavy request)
 * while the sync is alone, and (1 − budgetShare) of the budget as soon as other
 * calls used weight in the current window or wait in the budget's queue. So
 * the sync never queues behind or ahead of live calls, and never takes more
 * than its share while people are using the app.
 */
import type { WeexClient } from "../weex/client";
import { ENDPOINTS } from "../weex/endpoints";
import type { PagedEndpointId } from "../weex/paging";
import type { Sleep } from "../weex/sleep";

/** The heavier of a paged endpoint's IP and UID weights: what one page costs the tighter budget. */
export function pageWeight(id: PagedEndpointId): number {
  const w = ENDPOINTS[id].weight as { ip: number; uid?: number };
  return Math.max(w.ip, w.uid ?? 0);
}

/** Decides when the sync may send its next page (see the module comment). */
export class BudgetGate {
  private readonly mine: Array<{ at: number; weight: number }> = [];
  waitedMs = 0;

  constructor(
    private readonly client: WeexClient,
    private readonly share: number,
    private readonly sleep: Sleep,
  ) {}

  async wait(weight: number, signal?: AbortSignal): Promise<void> {
    const budget = this.client.budget;
    const poll = Math.max(5, Math.round(budget.windowMs / 200));
    for (;;) {
      const used = await this.client.weightUsed();
      const now = Date.now();
      while (this.mine.length > 0 && (this.mine[0]?.at ?? 0) + used.windowMs <= now) this.mine.shift();
      const mine = this.mine.reduce((s, e) => s + e.weight, 0);
      const limit = Math.min(used.ipLimit, used.uidLimit);
      const inUse = Math.max(used.ip, used.uid);
      const live = budget.queued > 0 || inUse - mine > 0;
      const reserve = live ? Math.ceil(limit * (1 - this.share)) : Math.min(weight, Math.floor(limit / 10));
      if (budget.queued === 0 && inUse + weight <= limit - reserve) return;
      const started = Date.now();
      await this.sleep(poll, signal);
      this.waitedMs += Date.now() - started;
    }
  }

  /** After a page came back: the weight the sync itself spent. */
  spent(weight: number): void {
    this.mine.push({ at: Date.now(), weight });
  }
}
