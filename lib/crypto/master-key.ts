/**
 * The master key of secrets at rest: APP_ENCRYPTION_KEY (32 bytes as base64 or
 * hex). In demo mode, with no key set, one is generated once into the data
 * folder (mode 0600) and a warning says so; outside demo mode a missing key is
 * an error, never a silent default.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir, isDemoMode } from "../config/mode";

export class MasterKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MasterKeyError";
  }
}

export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) {
    throw new MasterKeyError("APP_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64 (e.g. `openssl rand -base64 32`)");
  }
  return key;
}

let cached: Buffer | undefined;

export function masterKey(): Buffer {
  if (cached) return cached;
  const fromEnv = process.env.APP_ENCRYPTION_KEY;
  if (fromEnv) return (cached = parseMasterKey(fromEnv));
  if (!isDemoMode()) {
    throw new MasterKeyError(
      "APP_ENCRYPTION_KEY is required when WEEX_SPOT_BASE_URL is set: it encrypts exchange secrets at rest. Generate one with `openssl rand -base64 32`.",
    );
  }
  const file = path.join(dataDir(), "encryption.key");
  if (existsSync(file)) return (cached = parseMasterKey(readFileSync(file, "utf8")));
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString("base64"), { mode: 0o600 });
  console.warn(`[rebate-desk] APP_ENCRYPTION_KEY is not set: generated a demo key in ${file}. Set APP_ENCRYPTION_KEY for any real deployment.`);
  return (cached = key);
}

/** Tests only: forget the cached key. */
export function resetMasterKeyCache(): void {
  cached = undefined;
}
