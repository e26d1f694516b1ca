import { describe, expect, it } from "vitest";
import { endOfUtcDay, planShareLinkEdit, type EditableLink } from "./edit-plan";

const NOW = new Date("2026-11-24T23:10:00Z");
const link: EditableLink = {
  label: "Q3",
  mode: "live",
  passwordHash: null,
  redactUids: false,
  percentages: false,
  embedOrigins: [],
  expiresAt: new Date("2026-12-01T23:10:00Z"),
  pausedAt: null,
  revokedAt: null,
};

describe("planning an edit of a share link", () => {
  it("changes only what differs, each change in words", () => {
    expect(planShareLinkEdit(link, { label: "Q3", expiry: undefined }, NOW)).toEqual({ ok: true, update: {}, changes: [] });
    const plan = planShareLinkEdit(link, { label: "Q3 for Bob", expiry: "never", paused: true }, NOW);
    expect(plan).toEqual({
      ok: true,
      update: { label: "Q3 for Bob", expiresAt: null, pausedAt: NOW },
      changes: [
        { field: "label", from: "Q3", to: "Q3 for Bob" },
        { field: "expiry", from: "2026-12-01 23:10 (UTC)", to: "never" },
        { field: "state", from: "active", to: "paused" },
      ],
    });
  });

  it("sets an expiry through the end of a UTC day, today included; a day that is over or no date is refused", () => {
    expect(endOfUtcDay("2026-11-24")?.toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(endOfUtcDay("2026-02-30")).toBeNull();
    expect(endOfUtcDay("tomorrow")).toBeNull();
    const today = planShareLinkEdit(link, { expiresOn: "2026-11-24" }, NOW);
    expect(today.ok && today.update.expiresAt?.toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(planShareLinkEdit(link, { expiresOn: "2026-11-23" }, NOW)).toMatchObject({ ok: false, status: 400 });
    expect(planShareLinkEdit(link, { expiresOn: "2026-13-01" }, NOW)).toMatchObject({ ok: false, status: 400 });
    expect(planShareLinkEdit(link, { expiry: "1d", expiresOn: "2026-12-24" }, NOW)).toMatchObject({ ok: false, status: 400 });
  });

  it("records password changes without the password", () => {
    expect(planShareLinkEdit(link, { password: "a new one 1" }, NOW)).toMatchObject({ ok: true, changes: [{ field: "password", from: "none", to: "set" }] });
    const locked = { ...link, passwordHash: "hash" };
    expect(planShareLinkEdit(locked, { password: "a new one 1" }, NOW)).toMatchObject({ ok: true, changes: [{ field: "password", from: "set", to: "changed" }] });
    expect(planShareLinkEdit(locked, { password: null }, NOW)).toMatchObject({ ok: true, changes: [{ field: "password", from: "set", to: "removed" }] });
    expect(planShareLinkEdit(link, { password: null }, NOW)).toEqual({ ok: true, update: {}, changes: [] });
  });

  it("never loosens masking or percentages, tightens them where safe, and leaves revoked links alone", () => {
    const strict = { ...link, redactUids: true, percentages: true };
    expect(planShareLinkEdit(strict, { redactUids: false }, NOW)).toMatchObject({ ok: false, status: 409, code: "CANNOT_LOOSEN" });
    expect(planShareLinkEdit(strict, { percentages: false }, NOW)).toMatchObject({ ok: false, status: 409, code: "CANNOT_LOOSEN" });
    expect(planShareLinkEdit(strict, { redactUids: true, percentages: true }, NOW)).toEqual({ ok: true, update: {}, changes: [] });
    expect(planShareLinkEdit(link, { redactUids: true, percentages: true }, NOW)).toMatchObject({ ok: true, update: { redactUids: true, percentages: true } });
    expect(planShareLinkEdit({ ...link, mode: "snapshot" }, { redactUids: true }, NOW)).toMatchObject({ ok: false, status: 409, code: "SNAPSHOT_FROZEN" });
    expect(planShareLinkEdit({ ...link, mode: "snapshot" }, { percentages: true }, NOW)).toMatchObject({ ok: true, update: { percentages: true } });
    expect(planShareLinkEdit({ ...link, revokedAt: NOW }, { label: "x" }, NOW)).toMatchObject({ ok: false, status: 409, code: "REVOKED" });
  });

  it("says what a resumed link becomes: active, or expired when its time is up", () => {
    const paused = { ...link, pausedAt: new Date("2026-11-20T00:00:00Z") };
    expect(planShareLinkEdit(paused, { paused: false }, NOW)).toMatchObject({ changes: [{ field: "state", from: "paused", to: "active" }] });
    const expired = { ...paused, expiresAt: new Date("2026-11-21T00:00:00Z") };
    expect(planShareLinkEdit(expired, { paused: false }, NOW)).toMatchObject({ changes: [{ field: "state", from: "paused", to: "expired" }] });
    expect(planShareLinkEdit(expired, { paused: false, expiry: "7d" }, NOW)).toMatchObject({ changes: [{ field: "expiry" }, { field: "state", from: "paused", to: "active" }] });
  });

  it("refuses a password on a link embedded on other sites (the frame never carries the unlock), and allows removing one", () => {
    const embedded = { ...link, embedOrigins: ["https://partner.example"] };
    expect(planShareLinkEdit(embedded, { password: "a long password" }, NOW)).toMatchObject({ ok: false, status: 409, code: "EMBEDDED" });
    expect(planShareLinkEdit({ ...embedded, passwordHash: "h" }, { password: null }, NOW)).toMatchObject({ ok: true, changes: [{ field: "password", from: "set", to: "removed" }] });
  });

  it("replaces the embedding origins, checked as at creation, each change logged with the origins before and after", () => {
    const embedded = { ...link, embedOrigins: ["https://a.example.com", "https://b.example.com"] };
    expect(planShareLinkEdit(link, { embedOrigins: ["https://A.example.com/", " ", "https://a.example.com"] }, NOW)).toEqual({
      ok: true,
      update: { embedOrigins: ["https://a.example.com"] },
      changes: [{ field: "embedding", from: "none", to: "https://a.example.com" }],
    });
    expect(planShareLinkEdit(embedded, { embedOrigins: ["https://b.example.com", "https://c.example.com"] }, NOW)).toMatchObject({
      update: { embedOrigins: ["https://b.example.com", "https://c.example.com"] },
      changes: [{ field: "embedding", from: "https://a.example.com, https://b.example.com", to: "https://b.example.com, https://c.example.com" }],
    });
    expect(planShareLinkEdit(embedded, { embedOrigins: [] }, NOW)).toMatchObject({ update: { embedOrigins: [] }, changes: [{ field: "embedding", to: "none" }] });
    // The same sites in another order change nothing.
    expect(planShareLinkEdit(embedded, { embedOrigins: ["https://b.example.com", "https://a.example.com/"] }, NOW)).toEqual({ ok: true, update: {}, changes: [] });
  });

  it("refuses a bad origin naming it, and more than ten sites", () => {
    for (const [bad, named] of [
      ["http://partner.example.com", "http://partner.example.com"],
      ["https://*.example.com", "https://*.example.com"],
      ["https://partner.example.com/reports", "https://partner.example.com/reports"],
    ] as const) {
      const plan = planShareLinkEdit(link, { embedOrigins: ["https://fine.example.com", bad] }, NOW);
      expect(plan).toMatchObject({ ok: false, status: 400, code: "BAD_REQUEST" });
      if (!plan.ok) expect(plan.msg).toContain(named);
    }
    const eleven = Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`);
    expect(planShareLinkEdit(link, { embedOrigins: eleven }, NOW)).toMatchObject({ ok: false, status: 400, msg: expect.stringMatching(/at most 10/) });
  });

  it("keeps a link either embedded or protected by a password: never both", () => {
    const locked = { ...link, passwordHash: "h" };
    const embedded = { ...link, embedOrigins: ["https://a.example.com"] };
    expect(planShareLinkEdit(locked, { embedOrigins: ["https://a.example.com"] }, NOW)).toMatchObject({ ok: false, status: 409, code: "HAS_PASSWORD" });
    // Removing the password in the same edit makes room; so does removing every origin for a new password.
    expect(planShareLinkEdit(locked, { embedOrigins: ["https://a.example.com"], password: null }, NOW)).toMatchObject({
      ok: true,
      changes: [{ field: "embedding" }, { field: "password", from: "set", to: "removed" }],
    });
    expect(planShareLinkEdit(embedded, { embedOrigins: [], password: "a long password" }, NOW)).toMatchObject({
      ok: true,
      changes: [{ field: "embedding", to: "none" }, { field: "password", from: "none", to: "set" }],
    });
    expect(planShareLinkEdit(embedded, { embedOrigins: ["https://b.example.com"], password: "a long password" }, NOW)).toMatchObject({ ok: false, status: 409, code: "EMBEDDED" });
    // A password link whose (empty) list is sent again is no new embedding.
    expect(planShareLinkEdit(locked, { embedOrigins: [] }, NOW)).toEqual({ ok: true, update: {}, changes: [] });
  });
});
