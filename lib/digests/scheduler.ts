/**
 * The digest tick inside the app: every DIGEST_TICK_MS (default 30 s, 0 turns
 * it off), started at server start. The tick itself is safe to run on every
 * instance at once (lib/digests/runner.ts: one run per due instant, by a
 * unique row); this timer only keeps one tick at a time in this process.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { now } from "../clock";
import { envWholeMs, type Env } from "../config/env-number";
import { getDb } from "../db/client";
import { publicAppUrl } from "./app-url";
import { tickDigests, type RunnerOptions } from "./runner";

export function digestTickMs(env: Env = process.env): number {
  return envWholeMs(env, "DIGEST_TICK_MS", 30_000);
}

interface Holder {
  timer?: ReturnType<typeof setInterval>;
  /** The tick in flight, if any: one at a time in this process. */
  ticking?: Promise<void>;
  instance: string;
}
const KEY = Symbol.for("rebate-desk.digests");
function holder(): Holder {
  const g = globalThis as { [KEY]?: Holder };
  return (g[KEY] ??= { instance: `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}` });
}

/** How this process runs digests: its lease name and the links' base URL. */
export function runnerOptions(): RunnerOptions {
  return { instance: holder().instance, appUrl: publicAppUrl() };
}

export async function tickOnce(): Promise<void> {
  const h = holder();
  if (h.ticking) return;
  h.ticking = (async () => {
    try {
      await tickDigests(await getDb(), now(), runnerOptions());
    } catch (error) {
      console.error(`[rebate-desk] digest tick failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  })();
  try {
    await h.ticking;
  } finally {
    h.ticking = undefined;
  }
}

export function startDigestScheduler(): void {
  const h = holder();
  const every = digestTickMs();
  if (h.timer || every === 0) return;
  h.timer = setInterval(() => void tickOnce(), every);
  h.timer.unref?.();
}

/** SIGTERM (lib/app-shutdown.ts): no further tick; a digest run in flight finishes before the database closes. */
export async function stopDigestScheduler(): Promise<void> {
  const h = holder();
  clearInterval(h.timer);
  h.timer = undefined;
  await h.ticking;
}
