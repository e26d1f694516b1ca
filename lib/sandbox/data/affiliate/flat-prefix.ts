/** The settled days of the affiliate world, materialised once and kept as flat prefix arrays (see world.ts). */
import type { CommissionRecord, SubAffiliateRecord } from "./types";

export interface SettledDay {
  items: readonly CommissionRecord[];
  subRecords?: readonly SubAffiliateRecord[];
}

/** Flat concatenation of settled days, with day offsets. */
export class FlatPrefix<T> {
  readonly rows: T[] = [];
  /** offsets[d] = index of the first row of day d; length = builtDays + 1. */
  readonly offsets: number[] = [0];

  get builtDays(): number {
    return this.offsets.length - 1;
  }

  append(rows: readonly T[]): void {
    for (const r of rows) this.rows.push(r);
    this.offsets.push(this.rows.length);
  }

  truncate(day: number): void {
    if (day >= this.builtDays) return;
    const keep = this.offsets[day] ?? 0;
    this.rows.length = keep;
    this.offsets.length = day + 1;
  }

  /** Rows of days [0, days). */
  upTo(days: number): T[] {
    return this.rows.slice(0, this.offsets[Math.min(days, this.builtDays)] ?? 0);
  }
}
