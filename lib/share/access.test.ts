import { describe, expect, it } from "vitest";
import { canManageLink, expiryFrom, linkState } from "./access";

const now = new Date("2026-11-22T12:00:00Z");
const base = { pausedAt: null, revokedAt: null, expiresAt: null };

describe("share link access", () => {
  it("expires after the chosen time, or never", () => {
    expect(expiryFrom("1d", now)?.toISOString()).toBe("2026-11-23T12:00:00.000Z");
    expect(expiryFrom("30d", now)?.toISOString()).toBe("2026-12-22T12:00:00.000Z");
    expect(expiryFrom("never", now)).toBeNull();
  });

  it("is active until paused, revoked or expired; revoked wins, then expired", () => {
    expect(linkState(base, now)).toBe("active");
    expect(linkState({ ...base, pausedAt: now }, now)).toBe("paused");
    expect(linkState({ ...base, expiresAt: now }, now)).toBe("expired");
    expect(linkState({ ...base, expiresAt: new Date(now.getTime() + 1) }, now)).toBe("active");
    expect(linkState({ ...base, pausedAt: now, expiresAt: now, revokedAt: now }, now)).toBe("revoked");
  });

  it("lets the creator (analyst or above) or an admin manage a link", () => {
    expect(canManageLink({ id: "a", role: "analyst" }, { createdBy: "a" })).toBe(true);
    expect(canManageLink({ id: "b", role: "analyst" }, { createdBy: "a" })).toBe(false);
    expect(canManageLink({ id: "b", role: "admin" }, { createdBy: "a" })).toBe(true);
    expect(canManageLink({ id: "a", role: "viewer" }, { createdBy: "a" })).toBe(false);
  });
});
