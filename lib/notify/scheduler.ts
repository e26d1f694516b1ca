/**
 * The delivery worker on a schedule in the app process (DELIVERY_INTERVAL_MS,
 * started by lib/startup.ts), and `sendDueNow()` for "send now" buttons. One
 * drain at a time per process; several instances drain together safely (claims
 * are leased rows, claim.ts).
 */
import "server-only";
import { getDb } from "../db/client";
import { deliverySettings } from "./settings";
import { drainNow, type DrainSummary } from "./worker";

const KEY = Symbol.for("rebate-desk.delivery-worker");
type Holder = { timer?: ReturnType<typeof setInterval>; running?: Promise<DrainSummary> };

function holder(): Holder {
  const g = globalThis as { [KEY]?: Holder };
  return (g[KEY] ??= {});
}

/** Drains now (joining a drain already running, then draining again for what it may have missed). */
export async function sendDueNow(ids?: readonly string[]): Promise<DrainSummary> {
  const h = holder();
  if (h.running) await h.running.catch(() => undefined);
  const run = (async () => drainNow({ db: await getDb(), ...(ids ? { ids } : {}) }))();
  h.running = run;
  try {
    return await run;
  } finally {
    if (h.running === run) h.running = undefined;
  }
}

export function startDeliveryWorker(): void {
  const h = holder();
  const { intervalMs } = deliverySettings();
  if (h.timer || intervalMs === 0) return;
  const tick = () => {
    if (h.running) return;
    sendDueNow().catch((error: unknown) => console.error(`[notify] delivery worker: ${error instanceof Error ? error.message : String(error)}`));
  };
  h.timer = setInterval(tick, intervalMs);
  h.timer.unref();
  setTimeout(tick, 2_000).unref();
}
