import { describe, expect, it } from "vitest";
import { cohortHref, inviteCodeHref, inviteeHref, reportHref, subAffiliateHref } from "./entity-links";

describe("entity links", () => {
  const current = new URLSearchParams("range=custom&from=2026-01-01&to=2026-01-31&coin=BTC&page=3&sort=uid&q=12&tz=Asia%2FTokyo");

  it("keeps the view's filters and drops paging, sorting and search", () => {
    expect(inviteeHref("5100000123", current)).toBe("/invitees/5100000123?range=custom&from=2026-01-01&to=2026-01-31&coin=BTC&tz=Asia%2FTokyo");
    expect(subAffiliateHref("77", new URLSearchParams("range=90d&product=SPOT&page=2"))).toBe("/sub-affiliates/77?range=90d&product=SPOT");
  });

  it("links an invite code to the directory filtered by it", () => {
    expect(inviteCodeHref("SPRING24", new URLSearchParams("range=7d"))).toBe("/invitees?range=7d&code=SPRING24");
    expect(inviteCodeHref("a b&c")).toBe("/invitees?code=a+b%26c");
  });

  it("reads a server page's searchParams record too, and encodes path segments", () => {
    expect(inviteeHref("../x", { range: ["30d", "7d"], page: "2" })).toBe("/invitees/..%2Fx?range=30d");
    expect(reportHref("/commissions", { coin: "USDT" })).toBe("/commissions?coin=USDT");
    expect(reportHref("/")).toBe("/");
  });

  it("links a retention cohort to the directory filtered to its sign-ups inside the range", () => {
    const range = { from: "2026-01-15", to: "2026-03-10" };
    const current = new URLSearchParams("range=custom&from=2026-01-15&to=2026-03-10&page=2&code=X");
    expect(cohortHref("2026-01", range, current)).toBe("/invitees?range=custom&from=2026-01-15&to=2026-03-10&registeredFrom=2026-01-15&registeredTo=2026-01-31#directory-heading");
    expect(cohortHref("2026-02", range, current)).toContain("registeredFrom=2026-02-01&registeredTo=2026-02-28#");
    expect(cohortHref("2026-03", range)).toBe("/invitees?registeredFrom=2026-03-01&registeredTo=2026-03-10#directory-heading");
    expect(cohortHref("2024-02", { from: "2024-01-01", to: "2024-12-31" })).toContain("registeredTo=2024-02-29#");
  });
});
