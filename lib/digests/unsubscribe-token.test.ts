// The unsubscribe token: it opens for its digest and address until it expires, and nothing forged or altered opens.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { resetMasterKeyCache } from "../crypto/master-key";
import { unsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token";

beforeAll(() => {
  process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
  resetMasterKeyCache();
});

const NOW = Date.UTC(2026, 10, 24, 8, 0, 0);
const claim = { digestId: "dg_abc", email: "partner@example.com", expiresAt: NOW + 86_400_000 };

describe("unsubscribe token", () => {
  it("verifies its own claim", () => {
    const token = unsubscribeToken(claim);
    expect(verifyUnsubscribeToken(token, NOW)).toEqual({ ok: true, claim });
  });
  it("refuses an expired token", () => {
    expect(verifyUnsubscribeToken(unsubscribeToken(claim), claim.expiresAt)).toEqual({ ok: false, reason: "expired" });
  });
  it("refuses another address or digest under the same MAC, and a MAC under another key", () => {
    const token = unsubscribeToken(claim);
    const [, email, expiry, mac] = token.split(".");
    const otherDigest = [Buffer.from("dg_other").toString("base64url"), email, expiry, mac].join(".");
    expect(verifyUnsubscribeToken(otherDigest, NOW)).toEqual({ ok: false, reason: "forged" });
    const [id] = token.split(".");
    const otherEmail = [id, Buffer.from("boss@example.com").toString("base64url"), expiry, mac].join(".");
    expect(verifyUnsubscribeToken(otherEmail, NOW)).toEqual({ ok: false, reason: "forged" });
    const later = [id, email, (parseInt(expiry ?? "0", 36) + 86_400).toString(36), mac].join(".");
    expect(verifyUnsubscribeToken(later, NOW)).toEqual({ ok: false, reason: "forged" });
    process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
    resetMasterKeyCache();
    expect(verifyUnsubscribeToken(token, NOW)).toEqual({ ok: false, reason: "forged" });
  });
  it("refuses what is not a token at all", () => {
    for (const bad of ["", "abc", "a.b.c", "a.b.c.d", `${"x".repeat(700)}.a.b.cccccccccccccccccccccc`]) expect(verifyUnsubscribeToken(bad, NOW).ok).toBe(false);
  });
});
