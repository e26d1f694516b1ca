/**
 * Number settings read from the environment, one rule for every timer and
 * limit: unset or blank takes the default; anything else must satisfy the
 * setting's rule or the server refuses to start with a message naming the
 * variable and the value (a typo must not silently become the default).
 */
export type Env = Readonly<Record<string, string | undefined>>;

export function envNumber(env: Env, name: string, fallback: number, check: (n: number) => boolean, rule: string): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) throw new Error(`${name} must be ${rule}, got "${raw}"`);
  return n;
}

/** Whole milliseconds ≥ 0 (for the app's timers 0 means off). */
export function envWholeMs(env: Env, name: string, fallback: number): number {
  return envNumber(env, name, fallback, (n) => Number.isInteger(n) && n >= 0, "a whole number ≥ 0");
}
