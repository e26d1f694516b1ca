/**
 * A clean stop on SIGTERM/SIGINT: what the app started (the sync, the database) registers how to stop, and
 * scripts/serve.mjs runs it before the process exits — the sync stops taking work, abandons the page in flight,
 * closes its run as interrupted and releases its lease (so a restart resumes at once, not after the lease expires),
 * then the database closes cleanly (PGlite removes its postmaster.pid). Kept on globalThis: serve.mjs reaches it
 * without importing app code, and Next may load this module more than once.
 */
import "server-only";

export interface ShutdownRegistry {
  /** Runs every hook, latest registered first (the database, registered first, closes last); never throws. */
  run(): Promise<void>;
}

const KEY = Symbol.for("rebate-desk.shutdown");
type Hook = { name: string; stop: () => Promise<void> };

function hooks(): Hook[] {
  const g = globalThis as { [KEY]?: ShutdownRegistry & { hooks: Hook[] } };
  g[KEY] ??= { hooks: [], run: () => runShutdown() };
  return g[KEY].hooks;
}

/** Registers (or replaces, by name) what stopping `name` takes. */
export function onShutdown(name: string, stop: () => Promise<void>): void {
  const list = hooks();
  const at = list.findIndex((h) => h.name === name);
  if (at >= 0) list[at] = { name, stop };
  else list.push({ name, stop });
}

let running: Promise<void> | null = null;

/** Stops what was registered, once (a second signal waits for the first stop). */
export function runShutdown(): Promise<void> {
  running ??= (async () => {
    for (const h of [...hooks()].reverse()) {
      try {
        await h.stop();
        console.log(`[shutdown] ${h.name} stopped`);
      } catch (error) {
        console.error(`[shutdown] ${h.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return running;
}

/** For tests that stop and start the app's pieces in one process. */
export function resetShutdownForTests(): void {
  running = null;
}
