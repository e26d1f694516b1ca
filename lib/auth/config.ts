import "server-only";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir, isDemoMode } from "@/lib/config/mode";

// Settings next-auth needs in two places that don't share memory: the auth
// route / session lookups, and proxy.ts. Both must agree on the secret and on
// the cookie names, so both come from here.

export const MISSING_SECRET_MESSAGE =
  "NEXTAUTH_SECRET is required when WEEX_SPOT_BASE_URL is set (a real exchange is configured). " +
  "Generate one with `openssl rand -base64 32` (or `node -e \"console.log(require('node:crypto').randomBytes(32).toString('base64'))\"`) " +
  "and set NEXTAUTH_SECRET in the environment. Without WEEX_SPOT_BASE_URL (demo mode) a secret is generated into the data folder.";

const SECRET_FILE = "nextauth-secret";

const GLOBAL_KEY = Symbol.for("rebate-desk.auth-secret");
type GlobalWithSecret = typeof globalThis & { [GLOBAL_KEY]?: Map<string, string> };

/** Reads the demo secret, creating it atomically (0600) when absent: concurrent starters agree on one value. */
function demoSecret(dir: string): string {
  const file = path.join(dir, SECRET_FILE);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dir, { recursive: true });
  const temp = `${file}.${process.pid}.${crypto.randomUUID()}`;
  writeFileSync(temp, `${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}\n`, { mode: 0o600 });
  try {
    linkSync(temp, file); // fails with EEXIST when another process won the race
    console.warn(
      `[auth] NEXTAUTH_SECRET is not set: generated one into ${file} (demo mode). Set NEXTAUTH_SECRET for a real deployment.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temp);
  }
  return readFileSync(file, "utf8").trim();
}

/**
 * The secret that signs and encrypts session tokens: NEXTAUTH_SECRET; in demo
 * mode without it, one generated once into `${DATA_DIR}/nextauth-secret`.
 * Outside demo mode without it: throws MISSING_SECRET_MESSAGE.
 */
export function authSecret(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.NEXTAUTH_SECRET?.trim();
  if (configured) return configured;
  if (!isDemoMode(env)) throw new Error(MISSING_SECRET_MESSAGE);
  const cache = ((globalThis as GlobalWithSecret)[GLOBAL_KEY] ??= new Map());
  const dir = dataDir(env);
  let secret = cache.get(dir);
  if (!secret) {
    secret = demoSecret(dir);
    cache.set(dir, secret);
  }
  return secret;
}

/** `__Secure-` cookies when the public URL is https (NEXTAUTH_URL); same rule in proxy.ts and next-auth. */
export function secureCookiesEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NEXTAUTH_URL?.trim().toLowerCase().startsWith("https://") ?? false;
}
