import { describe, expect, it } from "vitest";
import { canEditDigest, canPauseDigest, canSeeDigest } from "./access";

const digest = { ownerUserId: "u1" };
describe("digest access", () => {
  it("lets the creator do everything, an admin see and pause, and no one else anything", () => {
    expect([canSeeDigest, canEditDigest, canPauseDigest].map((f) => f({ id: "u1", role: "analyst" }, digest))).toEqual([true, true, true]);
    expect([canSeeDigest, canEditDigest, canPauseDigest].map((f) => f({ id: "u2", role: "admin" }, digest))).toEqual([true, false, true]);
    expect([canSeeDigest, canEditDigest, canPauseDigest].map((f) => f({ id: "u3", role: "trader" }, digest))).toEqual([false, false, false]);
    // A creator demoted to viewer no longer manages it (the runner pauses it too).
    expect([canSeeDigest, canEditDigest, canPauseDigest].map((f) => f({ id: "u1", role: "viewer" }, digest))).toEqual([false, false, false]);
  });
});
