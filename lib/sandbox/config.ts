/**
 * Sandbox exchange settings: everything has a documented default, so the
 * sandbox runs with no configuration at all.
 */

export const DEFAULT_SANDBOX_CREDENTIALS = {
  apiKey: "rd-sandbox-key",
  secret: "rd-sandbox-secret-change-me",
  passphrase: "rd-sandbox-passphrase",
} as const;

export interface SandboxOptions {
  /** Seed of every generated fact (default 42). */
  seed: number;
  /** About this many invited users over the history (default 1500). */
  invitees: number;
  /** Days of history before start (default 400). */
  days: number;
  subAffiliates: number;
  /** Weight per window per IP and per UID (default 500). */
  budget: number;
  /** Weight window (default 10 s). */
  windowMs: number;
  /** Accepted skew of ACCESS-TIMESTAMP (default ±30 s). */
  timestampToleranceMs: number;
  /** 429s ignored (requests sent before Retry-After) that earn a 418 ban (default 3). */
  banAfterIgnored429s: number;
  /** Length of a 418 ban (default 60 s). */
  banMs: number;
  /** Recent days get late-fee restatements, as on the real exchange (default false). */
  restate: boolean;
  /** Answer spot batch placement with its defined shape instead of -1150 (default false, as the real exchange today). */
  batchEnabled: boolean;
  /** Serve the addendum's spot K-lines (default true); false answers 404 as a deployment without them would. */
  klinesEnabled: boolean;
  /** Affiliate account credentials; the plain and read-only keys are derived from them (see accounts.ts). */
  apiKey: string;
  secret: string;
  passphrase: string;
  /** The sandbox clock (tests move it). */
  now: () => number;
}

function envNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${raw}"`);
  return n;
}

export function sandboxOptions(overrides: Partial<SandboxOptions> = {}, env: NodeJS.ProcessEnv = process.env): SandboxOptions {
  return {
    seed: envNumber(env, "SANDBOX_SEED") ?? 42,
    invitees: envNumber(env, "SANDBOX_INVITEES") ?? 1500,
    days: envNumber(env, "SANDBOX_DAYS") ?? 400,
    subAffiliates: envNumber(env, "SANDBOX_SUB_AFFILIATES") ?? 15,
    budget: envNumber(env, "SANDBOX_BUDGET") ?? 500,
    windowMs: envNumber(env, "SANDBOX_WINDOW_MS") ?? 10_000,
    timestampToleranceMs: envNumber(env, "SANDBOX_TIMESTAMP_TOLERANCE_MS") ?? 30_000,
    banAfterIgnored429s: 3,
    banMs: 60_000,
    restate: env.SANDBOX_RESTATE === "1" || env.SANDBOX_RESTATE === "true",
    batchEnabled: env.SANDBOX_BATCH_ENABLED === "1" || env.SANDBOX_BATCH_ENABLED === "true",
    klinesEnabled: env.SANDBOX_KLINES !== "0" && env.SANDBOX_KLINES !== "false",
    apiKey: env.SANDBOX_API_KEY || DEFAULT_SANDBOX_CREDENTIALS.apiKey,
    secret: env.SANDBOX_API_SECRET || DEFAULT_SANDBOX_CREDENTIALS.secret,
    passphrase: env.SANDBOX_API_PASSPHRASE || DEFAULT_SANDBOX_CREDENTIALS.passphrase,
    now: Date.now,
    ...overrides,
  };
}
