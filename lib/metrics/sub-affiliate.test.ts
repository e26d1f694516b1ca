/**
 * Issue 24, defect 1: every label the Sub-affiliate pages, their CSVs, charts
 * and digests show for money says what the money is. Net fee − paid commission
 * is the exchange's part plus the override: no label may call it kept, margin,
 * earned or yours; only the affiliate's own commission may say "your", and the
 * per-sub figure only with "estimate". Every money header takes its label from
 * a definition (lib/metrics/sub-affiliate.ts).
 */
import { describe, expect, it } from "vitest";
import { headlineFigures, type HeadlineAnswers } from "../digests/headline";
import { FEE_SPLIT_SERIES, subAffiliateContract } from "../reports/sub-affiliate/contract";
import { SUB_AFFILIATE_SERIES, subAffiliatesContract } from "../reports/sub-affiliates/contract";
import { SUB_AFFILIATE_METRICS } from "./sub-affiliate";

const CLAIMS = /\b(kept|keeps?|margin|earn(ed|s)?|yours?|profit)\b/i;
const OWN = new Set<string>([SUB_AFFILIATE_METRICS.overrideAllSubAgents.label, SUB_AFFILIATE_METRICS.overrideEstimate.label]);

function labelsOf(contract: { tables: Readonly<Record<string, { title: string; columns: Readonly<Record<string, { header: string; kind: { kind: string } }>> }>> }) {
  return Object.values(contract.tables).flatMap((t) => [{ text: t.title, money: false }, ...Object.values(t.columns).map((c) => ({ text: c.header, money: c.kind.kind === "money" }))]);
}

describe("sub-affiliate figures", () => {
  it("each has a one-sentence definition, and only the affiliate's own commission is called yours (the per-sub one an estimate)", () => {
    for (const [key, m] of Object.entries(SUB_AFFILIATE_METRICS)) {
      expect(m.definition.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 0), key).toHaveLength(1);
      expect(m.definition.length, key).toBeGreaterThan(60);
      if (CLAIMS.test(m.label)) expect(OWN.has(m.label), `${key}: "${m.label}"`).toBe(true);
    }
    expect(SUB_AFFILIATE_METRICS.overrideEstimate.label).toMatch(/estimate/);
    expect(SUB_AFFILIATE_METRICS.afterSubShare.definition).toMatch(/not your earnings/);
  });

  it("no table, CSV header or chart series calls money kept, margin, earned or yours", () => {
    const labels = [
      ...labelsOf(subAffiliateContract),
      ...labelsOf(subAffiliatesContract),
      ...[...FEE_SPLIT_SERIES, ...SUB_AFFILIATE_SERIES].map((s) => ({ text: s.label, money: true })),
    ];
    const claims = labels.filter((l) => CLAIMS.test(l.text) && ![...OWN].some((own) => l.text.startsWith(own)));
    expect(claims.map((l) => l.text)).toEqual([]);
    // The one report's money headers are its definitions' labels (a label without a definition cannot slip in).
    const defined = Object.values(SUB_AFFILIATE_METRICS).map((m) => m.label);
    const money = labelsOf(subAffiliateContract).filter((l) => l.money && !/^Commission$|^Commission valued \(≈ USDT\)$|^Volume \(USDT\)$/.test(l.text));
    for (const l of money) expect(defined.some((d) => l.text.replace(/^Previous period: /, "").startsWith(`${d} (`)), l.text).toBe(true);
  });

  it("the digest headline says the same", () => {
    const answer = {
      totals: { tradingVolume: "10", netTradingFee: "5", paidCommission: "2", afterSubShare: "3", activeDays: 1 },
      override: { allSubAgents: "4", estimate: "1.5" },
    } as unknown as HeadlineAnswers["sub-affiliate"];
    const figures = headlineFigures("sub-affiliate", answer);
    expect(figures.map((f) => [f.label, f.value])).toEqual([
      [SUB_AFFILIATE_METRICS.tradingVolume.label, "10"],
      [SUB_AFFILIATE_METRICS.netTradingFee.label, "5"],
      [SUB_AFFILIATE_METRICS.paidCommission.label, "2"],
      [SUB_AFFILIATE_METRICS.afterSubShare.label, "3"],
      [SUB_AFFILIATE_METRICS.overrideEstimate.label, "1.5"],
    ]);
    for (const f of figures) if (CLAIMS.test(f.label)) expect(f.label).toMatch(/estimate/);
  });
});
