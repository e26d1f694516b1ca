import path from "node:path";

/**
 * Demo mode: no real exchange is configured (`WEEX_SPOT_BASE_URL` unset), so the
 * app runs against the embedded sandbox exchange. Demo mode seeds a demo user and
 * may generate its own NEXTAUTH_SECRET; outside it both must be configured.
 *
 * Read at call time (never at import time) so a build and a start may differ.
 */
export function isDemoMode(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env.WEEX_SPOT_BASE_URL?.trim();
}

/** Folder for local state (embedded database, generated secret): `DATA_DIR`, default `./data`. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR?.trim() || "data");
}
