import { describe, expect, it } from "vitest";
import { alertPrefillHref, alertPrefillOf } from "./alert-prefill";
import { viewQueryIssue } from "./query-check";
import { savedViewScopeWords } from "./scope-words";
import { savedViewHref } from "./types";

const NOW = new Date("2026-11-27T12:00:00Z");

describe("a saved view in words and as an address", () => {
  it("names a preset period first, then the report's own filters, then the shared ones; paging and order are not said", () => {
    expect(savedViewScopeWords("commissions", "range=7d&product=SPOT", NOW)).toBe("Last 7 days (2026-11-21 – 2026-11-27) · Spot · UTC days");
    expect(savedViewScopeWords("invitees", "status=dormant&sort=uid&page=2", NOW)).toMatch(/^Last 30 days \(.*\) · status dormant · UTC days$/);
    expect(savedViewScopeWords("overview", "range=custom&from=2026-11-01&to=2026-11-10", NOW)).toMatch(/^2026-11-01 – 2026-11-10 · /);
  });

  it("opens an entity view at its page, the uid in the path", () => {
    expect(savedViewHref("invitee", "uid=42&range=7d")).toBe("/invitees/42?range=7d");
    expect(savedViewHref("sub-affiliate", "uid=7")).toBe("/sub-affiliates/7");
    expect(savedViewHref("overview", "")).toBe("/");
  });

  it("accepts only the report's own parameters, each usable", () => {
    expect(viewQueryIssue("invitees", "status=dormant&range=90d&tag=vip", NOW)).toBeNull();
    expect(viewQueryIssue("overview", "status=dormant", NOW)?.param).toBe("status");
    expect(viewQueryIssue("commissions", "interval=year", NOW)?.msg).toMatch(/interval/);
    expect(viewQueryIssue("trade-assets", "uid=1&uid=2", NOW)?.msg).toBe("uid: given more than once");
  });

  it("prefills an alert rule of an existing kind with what the view fixes", () => {
    const read = (href: string) => alertPrefillOf(new URL(href, "http://x").searchParams);
    expect(read(alertPrefillHref({ name: "BTC weekly", report: "commissions", query: "coin=BTC&interval=week" }, NOW))).toEqual({
      name: "BTC weekly",
      kind: "period-change",
      metric: "commission",
      period: "week",
      coin: "BTC",
    });
    expect(read(alertPrefillHref({ name: "Volume", report: "trade-assets", query: "" }, NOW))).toMatchObject({ kind: "period-change", metric: "volume", period: "day" });
    expect(read(alertPrefillHref({ name: "Sub 7", report: "sub-affiliate", query: "uid=7" }, NOW))).toMatchObject({ kind: "sub-affiliate-change", sub: "7" });
    expect(alertPrefillOf(new URLSearchParams("kind=period-change"))).toBeNull();
  });
});
