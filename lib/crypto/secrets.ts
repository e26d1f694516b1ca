/**
 * Secrets at rest: AES-256-GCM under a master key, a fresh 96-bit IV for every
 * write, and the owning record's id bound as associated data — so a blob copied
 * onto another connection does not decrypt.
 *
 * Blob format: "v1." + base64url(iv ‖ tag ‖ ciphertext).
 */
import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretDecryptionError extends Error {
  constructor() {
    super("secret cannot be decrypted with this key (wrong APP_ENCRYPTION_KEY, or the blob belongs to another record)");
    this.name = "SecretDecryptionError";
  }
}

export function encryptSecret(key: Buffer, plaintext: string, associatedData: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
}

export function decryptSecret(key: Buffer, blob: string, associatedData: string): string {
  if (!blob.startsWith(VERSION)) throw new SecretDecryptionError();
  const raw = Buffer.from(blob.slice(VERSION.length), "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptionError();
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(associatedData, "utf8"));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptionError();
  }
}

/** Shows enough of a key to recognise it, never enough to use it: "rd-s…-key". */
export function maskKey(apiKey: string): string {
  if (apiKey.length <= 8) return "•".repeat(apiKey.length);
  return `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
}
