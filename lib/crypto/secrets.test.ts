import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, maskKey, SecretDecryptionError } from "./secrets";
import { parseMasterKey } from "./master-key";

const key = randomBytes(32);

describe("secrets at rest", () => {
  it("round-trips, with a fresh IV every write", () => {
    const a = encryptSecret(key, "s3cret", "conn-1");
    const b = encryptSecret(key, "s3cret", "conn-1");
    expect(a).not.toBe(b);
    expect(a).not.toContain("s3cret");
    expect(decryptSecret(key, a, "conn-1")).toBe("s3cret");
    expect(decryptSecret(key, b, "conn-1")).toBe("s3cret");
  });

  it("refuses another record's blob, another key, and a tampered blob", () => {
    const blob = encryptSecret(key, "s3cret", "conn-1");
    expect(() => decryptSecret(key, blob, "conn-2")).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(randomBytes(32), blob, "conn-1")).toThrow(SecretDecryptionError);
    const raw = Buffer.from(blob.slice(3), "base64url");
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => decryptSecret(key, `v1.${raw.toString("base64url")}`, "conn-1")).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(key, "plain", "conn-1")).toThrow(SecretDecryptionError);
  });

  it("masks keys", () => {
    expect(maskKey("rd-sandbox-key")).toBe("rd-s…-key");
    expect(maskKey("short")).toBe("•••••");
  });

  it("reads master keys as hex or base64 and refuses other lengths", () => {
    expect(parseMasterKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseMasterKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseMasterKey("too-short")).toThrow(/32 bytes/);
  });
});
