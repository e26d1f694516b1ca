// The rule form and the API share one schema per kind: thresholds are refused in words, amounts stay exact strings.
import { describe, expect, it } from "vitest";
import { draftOf, EMPTY_DRAFT, readDraft } from "@/app/(dashboard)/alerts/rule-draft";
import { describeRule, ruleInputSchema } from "./kinds";
import { SUB_AFFILIATE_METRICS } from "../metrics/sub-affiliate";

describe("rule kinds", () => {
  it("reads a form into a rule, amounts kept as exact decimal strings", () => {
    const read = readDraft({ ...EMPTY_DRAFT, name: "Whales", kind: "large-flow", amount: "2500.12345678", mail: "a@x.io, B@Y.io" });
    expect(read).toEqual({
      ok: true,
      input: { name: "Whales", params: { kind: "large-flow", flow: "deposit", amount: "2500.12345678", coin: "USDT" }, channels: { mail: ["a@x.io", "b@y.io"], webhooks: [] }, cooldownMinutes: 60 },
    });
  });

  it("names the field at fault, in words", () => {
    expect(readDraft({ ...EMPTY_DRAFT, name: "x", kind: "large-flow", amount: "1e6" })).toEqual({ ok: false, errors: { amount: "the amount must be a number such as 10000 or 2500.50" } });
    expect(readDraft({ ...EMPTY_DRAFT, name: "x", kind: "period-change", percent: "0" })).toEqual({ ok: false, errors: { percent: "the change must be above 0 %" } });
    expect(readDraft({ ...EMPTY_DRAFT, name: "x", kind: "dormant-top", windowDays: "7", silentDays: "10" })).toEqual({ ok: false, errors: { silentDays: "the silence must be shorter than the ranking window" } });
    expect(readDraft({ ...EMPTY_DRAFT, name: "x", kind: "kyc-no-deposit", days: "" })).toEqual({ ok: false, errors: { days: "the days since sign-up must be a number" } });
    expect(readDraft({ ...EMPTY_DRAFT, name: "", kind: "sync-health", mail: "not-an-address" })).toMatchObject({ ok: false, errors: { name: "give the rule a name", mail: "a mail recipient is an e-mail address" } });
  });

  it("a saved rule comes back into the form as it was", () => {
    const input = ruleInputSchema.parse({ name: "Quiet tops", params: { kind: "dormant-top", top: 5, windowDays: 60, silentDays: 14, coin: "USDT" }, channels: { webhooks: ["wh_1"] }, cooldownMinutes: 1440 });
    const view = { ...input, id: "alr_1", kind: input.params.kind, webhookEndpoints: [{ id: "wh_1", label: "Slack" }], description: "", mutedUntil: null, muted: false, paused: false, ownerEmail: "", canEdit: true, canManage: true, createdAt: "", updatedAt: "" };
    expect(readDraft(draftOf(view))).toEqual({ ok: true, input });
  });

  it("says every kind in words", () => {
    expect(describeRule({ kind: "period-change", metric: "commission", period: "week", direction: "down", percent: 25 })).toBe("Commission (each coin) of a week falls by more than 25 % against the week before");
    expect(describeRule({ kind: "sync-health", check: "rate-limited", minutes: 10 })).toBe('The exchange answers "too many requests" (429 or 418) within 10 minutes');
    // A sub-affiliate's figures by their definitions' labels: what it was paid is its commission, not the affiliate's.
    expect(describeRule({ kind: "sub-affiliate-change", metric: "paidCommission", period: "day", direction: "down", percent: 75, sub: "123" })).toBe(
      `${SUB_AFFILIATE_METRICS.paidCommission.label} (sub-affiliate 123, USDT) of a day falls by more than 75 %`,
    );
    expect(describeRule({ kind: "sub-affiliate-change", metric: "volume", period: "week", direction: "either", percent: 10 })).toBe(
      "Trading volume (any sub-affiliate, USDT) of a week rises or falls by more than 10 %",
    );
  });
});
