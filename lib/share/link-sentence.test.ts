import { describe, expect, it } from "vitest";
import { describeShareLink, linkRange, linkRangeWords, type LinkFacts } from "./link-sentence";

const base: LinkFacts = {
  report: "commissions",
  scope: { from: "2026-08-27", to: "2026-11-24", coin: "USDT", product: "FUTURES", interval: "day", tz: "UTC" },
  mode: "live",
  hasPassword: false,
  redactUids: false,
  percentages: false,
  embedOrigins: [],
  expiresAt: Date.parse("2026-12-01T23:07:00Z"),
  createdAt: Date.parse("2026-11-24T23:07:41Z"),
  state: "active",
};

describe("the sentence that says what a share link is", () => {
  it("says who can open it, what it shows, how and until when", () => {
    expect(describeShareLink(base)).toBe(
      "Anyone with this link sees Commissions for 2026-08-27 → 2026-11-24 · USDT · Futures · UTC days: live figures, invitee uids shown, amounts shown, until 2026-12-01 23:07 (UTC).",
    );
  });

  it("names the password, masking, percentages, a snapshot's freezing time and no expiry", () => {
    expect(describeShareLink({ ...base, hasPassword: true, redactUids: true, percentages: true, mode: "snapshot", expiresAt: null })).toBe(
      "Anyone with this link and the password sees Commissions for 2026-08-27 → 2026-11-24 · USDT · Futures · UTC days: figures frozen on 2026-11-24 23:07 (UTC), invitee uids masked, percentages instead of amounts (no CSV export), with no expiry date.",
    );
  });

  it("says one day once, the report's own title, and the scope's zone and interval", () => {
    const scope = { from: "2026-11-20", to: "2026-11-20", interval: "week" as const, tz: "Asia/Singapore" };
    const text = describeShareLink({ ...base, report: "trade-assets", scope });
    expect(text).toMatch(/^Anyone with this link sees Trade & assets for 2026-11-20 · per week · /);
    expect(text).toContain("Asia/Singapore");
  });

  it("names the sites that may embed the link, and none when no site may", () => {
    expect(describeShareLink({ ...base, embedOrigins: ["https://partner.example.com", "http://127.0.0.1:4000"] })).toMatch(
      /, until 2026-12-01 23:07 \(UTC\), embeddable on https:\/\/partner\.example\.com, http:\/\/127\.0\.0\.1:4000\.$/,
    );
    expect(describeShareLink(base)).not.toContain("embeddable");
  });

  it("leads with the state of a link that does not open", () => {
    expect(describeShareLink({ ...base, state: "paused" })).toMatch(/^Paused: nobody can open it until it is resumed\. When open, anyone with this link sees Commissions/);
    expect(describeShareLink({ ...base, state: "expired" })).toMatch(/^Expired: it no longer opens\. It showed: anyone with this link sees/);
    expect(describeShareLink({ ...base, state: "revoked" })).toMatch(/^Revoked: it never opens again\./);
  });

  it("reads a fixed range from the stored scope", () => {
    expect(linkRange(base.scope)).toEqual({ kind: "fixed", from: "2026-08-27", to: "2026-11-24" });
    expect(linkRangeWords({ kind: "fixed", from: "2026-08-27", to: "2026-11-24" })).toBe("2026-08-27 → 2026-11-24");
  });

  it("says a rolling link shows the last N days up to the day it is opened, not the days stored at creation", () => {
    const scope = { ...base.scope, rollingDays: 30 };
    expect(linkRange(scope)).toEqual({ kind: "rolling", days: 30 });
    const text = describeShareLink({ ...base, scope });
    expect(text).toContain("sees Commissions for the last 30 days, rolling (always up to the day it is opened) · USDT · Futures");
    expect(text).not.toContain("2026-08-27");
    expect(linkRangeWords({ kind: "rolling", days: 1 })).toBe("the last day, rolling (always up to the day it is opened)");
  });
});
