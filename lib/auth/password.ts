import "server-only";
import bcrypt from "bcryptjs";

/** bcrypt cost in production. */
export const PRODUCTION_BCRYPT_COST = 12;
/** Smallest cost accepted anywhere (tests use it to stay fast). */
export const MIN_BCRYPT_COST = 4;
export const MIN_PASSWORD_LENGTH = 10;
/** bcrypt reads at most 72 bytes; longer passwords are refused rather than silently truncated. */
export const MAX_PASSWORD_BYTES = 72;

/**
 * Cost used when none is passed: 12, or `BCRYPT_COST` (4..12) when NODE_ENV is not
 * `production` — a test-speed knob that a production server ignores.
 */
export function defaultBcryptCost(env: NodeJS.ProcessEnv = process.env): number {
  if (env.NODE_ENV === "production") return PRODUCTION_BCRYPT_COST;
  const raw = Number(env.BCRYPT_COST);
  if (Number.isInteger(raw) && raw >= MIN_BCRYPT_COST && raw <= PRODUCTION_BCRYPT_COST) return raw;
  return PRODUCTION_BCRYPT_COST;
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES) return `must be at most ${MAX_PASSWORD_BYTES} bytes`;
  return null;
}

export async function hashPassword(password: string, cost: number = defaultBcryptCost()): Promise<string> {
  if (!Number.isInteger(cost) || cost < MIN_BCRYPT_COST || cost > 31) throw new RangeError(`bad bcrypt cost ${cost}`);
  return bcrypt.hash(password, cost);
}

/** Constant-time comparison inside bcrypt; false (never a throw) for malformed hashes. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of a random password at the given cost, made once per process. Unknown
 * users are compared against it so a sign-in for an unknown e-mail takes as long
 * as one with a wrong password.
 */
export function dummyHash(cost: number = defaultBcryptCost()): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(crypto.randomUUID(), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/** The cost a bcrypt hash was made with, or null. */
export function bcryptCostOf(hash: string): number | null {
  const match = /^\$2[abxy]\$(\d{2})\$/.exec(hash);
  return match?.[1] ? Number(match[1]) : null;
}
