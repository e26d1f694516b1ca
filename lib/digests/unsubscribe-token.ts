/**
 * The signed unsubscribe link of a digest mail: the digest, the recipient and
 * an expiry, with an HMAC under a key derived from the app's master key (its
 * own HKDF purpose, so it never doubles as a share-link MAC). Anyone holding
 * the mail may use it, without signing in; nobody can forge one for another
 * address or digest.
 */
import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { masterKey } from "../crypto/master-key";

/** How long a mail's unsubscribe link works. */
export const UNSUBSCRIBE_VALID_MS = 90 * 86_400_000;

let derived: { from: Buffer; key: Buffer } | undefined;
function unsubscribeKey(): Buffer {
  const master = masterKey();
  if (!derived || derived.from !== master) {
    derived = { from: master, key: Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), "rebate-desk digest unsubscribe v1", 32)) };
  }
  return derived.key;
}

const mac = (payload: string) => createHmac("sha256", unsubscribeKey()).update(payload).digest().subarray(0, 16).toString("base64url");

export interface UnsubscribeClaim {
  digestId: string;
  email: string;
  expiresAt: number;
}

export function unsubscribeToken(claim: UnsubscribeClaim): string {
  const payload = [Buffer.from(claim.digestId).toString("base64url"), Buffer.from(claim.email).toString("base64url"), Math.floor(claim.expiresAt / 1000).toString(36)].join(".");
  return `${payload}.${mac(payload)}`;
}

export type UnsubscribeCheck = { ok: true; claim: UnsubscribeClaim } | { ok: false; reason: "malformed" | "forged" | "expired" };

export function verifyUnsubscribeToken(token: string, now: number): UnsubscribeCheck {
  if (token.length > 600 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/.test(token)) return { ok: false, reason: "malformed" };
  const cut = token.lastIndexOf(".");
  const payload = token.slice(0, cut);
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(token.slice(cut + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "forged" };
  const [id, email, expiry] = payload.split(".") as [string, string, string];
  const claim = { digestId: Buffer.from(id, "base64url").toString("utf8"), email: Buffer.from(email, "base64url").toString("utf8"), expiresAt: parseInt(expiry, 36) * 1000 };
  if (claim.expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, claim };
}
