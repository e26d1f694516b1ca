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
type Holder = { timer?: ReturnType<typeof setInterval>; first?: ReturnType<typeof setTimeout>; running?: Promise<DrainSummary> };

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
  h.first = setTimeout(tick, 2_000);
  h.first.unref();
}

/** SIGTERM (lib/app-shutdown.ts): no further drain; the one in flight ends its sends before the database closes. */
export async function stopDeliveryWorker(): Promise<void> {
  const h = holder();
  clearInterval(h.timer);
  clearTimeout(h.first);
  h.timer = undefined;
  h.first = undefined;
  await h.running?.catch(() => undefined);
}
