/** The in-process budget store: a log of reservations per key (a sliding window). */
import type { BudgetStore, ReserveResult, WeightClaim } from "./store";

interface Entry {
  id: string;
  weight: number;
  /** Infinity while the request is in flight. */
  expiresAt: number;
}

/** How soon to look again when only in-flight requests block a claim (they settle at an unknown time). */
const IN_FLIGHT_POLL_MS = 20;

export class MemoryBudgetStore implements BudgetStore {
  private readonly entries = new Map<string, Entry[]>();
  private readonly byId = new Map<string, { keys: string[] }>();
  private readonly pauses = new Map<string, number>();
  private nextId = 1;

  private live(key: string, now: number): Entry[] {
    const list = (this.entries.get(key) ?? []).filter((e) => e.expiresAt > now);
    this.entries.set(key, list);
    return list;
  }

  async tryReserve(claims: readonly WeightClaim[], _windowMs: number, now: number): Promise<ReserveResult> {
    let retryAt = 0;
    for (const claim of claims) {
      const list = this.live(claim.key, now);
      const used = list.reduce((sum, e) => sum + e.weight, 0);
      if (used + claim.weight <= claim.limit) continue;
      // Earliest time at which enough weight has expired for this claim to fit.
      let excess = used + claim.weight - claim.limit;
      let at = Number.POSITIVE_INFINITY;
      for (const e of [...list].sort((a, b) => a.expiresAt - b.expiresAt)) {
        excess -= e.weight;
        if (excess <= 0) {
          at = e.expiresAt;
          break;
        }
      }
      retryAt = Math.max(retryAt, Number.isFinite(at) ? at : now + IN_FLIGHT_POLL_MS);
    }
    if (retryAt > 0) return { ok: false, retryAt };
    const id = String(this.nextId++);
    for (const claim of claims) {
      this.live(claim.key, now).push({ id, weight: claim.weight, expiresAt: Number.POSITIVE_INFINITY });
    }
    this.byId.set(id, { keys: claims.map((c) => c.key) });
    return { ok: true, id };
  }

  async settle(id: string, now: number, windowMs: number): Promise<void> {
    const reservation = this.byId.get(id);
    if (!reservation) return;
    this.byId.delete(id);
    for (const key of reservation.keys) {
      for (const e of this.entries.get(key) ?? []) if (e.id === id) e.expiresAt = now + windowMs;
    }
  }

  async pause(keys: readonly string[], until: number): Promise<void> {
    for (const key of keys) this.pauses.set(key, Math.max(this.pauses.get(key) ?? 0, until));
  }

  async pausedUntil(keys: readonly string[], now: number): Promise<number> {
    let until = 0;
    for (const key of keys) {
      const p = this.pauses.get(key) ?? 0;
      if (p > now) until = Math.max(until, p);
    }
    return until;
  }

  async used(key: string, now: number): Promise<number> {
    return this.live(key, now).reduce((sum, e) => sum + e.weight, 0);
  }
}
