/**
 * Share-link tokens. A link's id is 128 random bits; its token is the id plus
 * an HMAC of it under a key derived from the app's master key. The database
 * keeps only SHA-256(token): a copy of the table alone opens no link, while the
 * server can show a link's URL again to the people who manage it (it re-derives
 * the token from the id). A tampered token hashes to nothing stored.
 */
import "server-only";
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { masterKey } from "../crypto/master-key";

const ID_BYTES = 16;
const MAC_BYTES = 16;

let derived: Buffer | undefined;
let derivedFrom: Buffer | undefined;

/** The share-link key: HKDF of the master key, so these MACs never double as anything else. */
export function shareKey(): Buffer {
  const master = masterKey();
  if (!derived || derivedFrom !== master) {
    derived = Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), "rebate-desk share links v1", 32));
    derivedFrom = master;
  }
  return derived;
}

export function newLinkId(): string {
  return randomBytes(ID_BYTES).toString("base64url");
}

function mac(purpose: string, value: string): Buffer {
  return createHmac("sha256", shareKey()).update(`${purpose}\n${value}`).digest();
}

/** The token of a link id: base64url(id ‖ MAC(id)), 43 characters. */
export function tokenForLink(id: string): string {
  const idBytes = Buffer.from(id, "base64url");
  return Buffer.concat([idBytes, mac("token", id).subarray(0, MAC_BYTES)]).toString("base64url");
}

/** What the database stores and looks up. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Tokens have one shape; anything else is refused before touching the database. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * The value of a link's unlock cookie: a MAC of the link id and its password
 * hash — never the password — so changing the password or revoking ends it.
 */
export function unlockCookieValue(linkId: string, passwordHash: string): string {
  return mac("unlock", `${linkId}\n${passwordHash}`).toString("base64url");
}

export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A stable pseudonym of an invitee uid within one link: rows stay distinguishable, uids stay private. */
export function maskUidFor(linkId: string): (uid: string) => string {
  return (uid) => `inv-${mac("uid", `${linkId}\n${uid}`).subarray(0, 4).toString("hex")}`;
}

/** The cookie that unlocks one password-protected link (its path limits it to that link's URLs). */
export function unlockCookieName(linkId: string): string {
  return `rd_share_${createHash("sha256").update(linkId).digest("hex").slice(0, 16)}`;
}
