/**
 * Windows whose rows did not add up. Paging follows rows, not the exchange's arithmetic (a full page is followed by
 * the next, whatever `pages` says), and a window is done when a short page arrives. Then the rows read are checked
 * against the `total` the last page states: when they disagree the window is read again once, and when the second
 * read disagrees too its rows are kept but the window is recorded here — its days are not held (coverage shows them
 * partial, never as synced) until a later read of them agrees. Each run re-reads a few recorded windows ("repair").
 * Pure: plan.ts, read-page.ts and commit.ts use it.
 */
import type { IncompleteWindow } from "./status";
import type { SyncWindow } from "./windows";

/** Recorded windows re-read per report and run: a lying exchange costs a bounded amount of weight. */
export const REPAIRS_PER_RUN = 3;

/**
 * Rows read vs the stated count, on a window's last (short) page. Every earlier page was full (paging stops at the
 * first short one), so the rows read are (page − 1) × size + this page's rows, a resumed window included.
 * Null when they agree or the endpoint states no count.
 */
export function shortfallOf(totalField: string | undefined, response: unknown, page: number, size: number, itemsOnPage: number): { read: number; total: number | null } | null {
  if (!totalField) return null;
  const stated = (response as Record<string, unknown>)[totalField];
  const read = (page - 1) * size + itemsOnPage;
  const total = typeof stated === "number" && Number.isSafeInteger(stated) && stated >= 0 ? stated : null;
  return total === read ? null : { read, total };
}

/** The recorded list after a window's last page: the window added (it disagreed twice) or the windows it re-read in full taken off. */
export function recordWindow(list: readonly IncompleteWindow[], window: SyncWindow, shortfall: { read: number; total: number | null } | null, at: number): IncompleteWindow[] {
  const within = (w: IncompleteWindow) => w.startTime >= window.startTime && w.endTime <= window.endTime;
  const kept = list.filter((w) => !within(w));
  return shortfall ? [...kept, { startTime: window.startTime, endTime: window.endTime, read: shortfall.read, total: shortfall.total, at }] : kept;
}

/** The recorded windows a run reads again, oldest record first. */
export function repairWindows(list: readonly IncompleteWindow[]): SyncWindow[] {
  return [...list]
    .sort((a, b) => a.at - b.at)
    .slice(0, REPAIRS_PER_RUN)
    .map((w) => ({ startTime: w.startTime, endTime: w.endTime, phase: "repair" as const }));
}
