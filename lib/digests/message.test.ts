// A digest in words: figures at their coin's decimals, coins never added, partial periods said, HTML escaped, no remote images.
import { describe, expect, it } from "vitest";
import type { CommissionAnswer } from "../reports/commissions/contract";
import type { DigestContent } from "./content";
import { headlineFigures } from "./headline";
import { digestMailHtml, digestMailText, digestSlackText, digestSubject, digestWebhookBody, type DigestWords } from "./message";

const words: DigestWords = { label: "Partners <weekly>", reportTitle: "Commissions", scope: "2026-11-16 – 2026-11-22 · UTC", schedule: "Weekly on Monday at 08:00 (Europe/Berlin)", viewUrl: "http://app.test/r/abc" };
const totals = [
  { coin: "USDT", commission: "1234.5", fee: "2469", takerVolume: "1", makerVolume: "1", items: 10, invitees: 3 },
  { coin: "BTC", commission: "0.00012", fee: "0.00024", takerVolume: "1", makerVolume: "1", items: 2, invitees: 1 },
];
const figures = headlineFigures("commissions", { totals } as unknown as CommissionAnswer);

function content(over: Partial<DigestContent> = {}): DigestContent {
  return {
    report: "commissions",
    period: { from: "2026-11-16", to: "2026-11-22" },
    previousPeriod: { from: "2026-11-09", to: "2026-11-15" },
    figures: figures.map((f) => ({ ...f, previous: f.value, change: "0.1", hidden: false })),
    coverage: { state: "complete", note: "" },
    previousComplete: true,
    dataAsOf: Date.UTC(2026, 10, 23, 6, 59),
    forecast: [],
    ...over,
  };
}

describe("digest words", () => {
  it("keeps one figure per coin and formats each at its own decimals", () => {
    expect(figures.map((f) => f.key)).toEqual(["commission:USDT", "fee:USDT", "invitees:USDT", "commission:BTC", "fee:BTC", "invitees:BTC"]);
    const text = digestMailText(words, content(), "http://app.test/unsubscribe/t");
    expect(text).toContain("Commission (USDT): 1,234.50 USDT (+10.0% vs previous period)");
    expect(text).toContain("Commission (BTC): 0.00012000 BTC (+10.0% vs previous period)");
    expect(text).toContain("Data as of 2026-11-23 06:59 UTC");
    expect(text).toContain("Stop receiving this digest: http://app.test/unsubscribe/t");
    expect(digestSubject(words, content())).toBe("Partners <weekly> — Commissions, 2026-11-16 → 2026-11-22");
  });

  it("says the month's forecast block and the quarter's, each its heading then its lines, in the text, the HTML and the webhook", () => {
    const month = ["Month-end forecast for 1–30 Nov 2026, an estimate: m", "Commission, all coins: ≈ 10.00 USDT projected (9.00 – 11.00 USDT)"];
    const quarter = ["Quarter-end forecast for 1 Oct – 31 Dec 2026, an estimate: m", "Commission, all coins: ≈ 30.00 USDT projected (27.00 – 33.00 USDT); target 40.00 USDT: projected to miss it, even at the top of the range"];
    const both = content({ forecast: [month, quarter] });
    const text = digestMailText(words, both, "u");
    expect(text).toContain(`\n\n${month.join("\n")}\n\n${quarter.join("\n")}\n`);
    const html = digestMailHtml(words, both, "u");
    for (const [heading, line] of [month, quarter]) expect(html).toContain(`${heading}</p><ul style="margin:0 0 12px;padding-left:20px;color:#0f172a"><li>${line}</li></ul>`);
    expect(digestWebhookBody(words, both, { digestId: "d", dueAt: "x" }).forecast).toEqual([...month, ...quarter]);
    expect(digestSlackText(words, both)).toContain(quarter[1]);
  });

  it("says when the period is partial and computes no change then", () => {
    const partial = content({
      coverage: { state: "partial", note: "Partial: history from 2026-11-19." },
      figures: figures.map((f) => ({ ...f, previous: null, change: null, hidden: false })),
    });
    expect(digestSubject(words, partial)).toMatch(/\(partial data\)$/);
    const text = digestMailText(words, partial, "u");
    expect(text).toContain("Partial data: the warehouse holds only part of this period. Partial: history from 2026-11-19.");
    expect(text).toContain("no change computed: this period is only partly synced");
    expect(digestMailHtml(words, partial, "u")).toContain("Partial data:");
    const none = content({ coverage: { state: "none", note: "" }, dataAsOf: null });
    expect(digestMailText(words, none, "u")).toContain("Not synced: the warehouse holds none of this period");
    expect(digestMailText(words, none, "u")).toContain("Data as of: not synced yet");
  });

  it("says 'not synced yet' for a period the warehouse does not hold, in the mail, its HTML and the webhook, never 'nothing'", () => {
    const none = content({ coverage: { state: "none", note: "History starts 2026-11-25." }, previousComplete: false, dataAsOf: null, figures: figures.map((f) => ({ ...f, value: null, previous: null, change: null, hidden: false })) });
    const text = digestMailText(words, none, "u");
    expect(text).toContain("Commission (USDT): not synced yet (no change computed: this period is not synced yet)");
    expect(text).not.toMatch(/nothing happened|nothing in the previous|no activity|: —/);
    const html = digestMailHtml(words, none, "u");
    expect(html).toContain(">not synced yet</td>");
    expect(html).not.toMatch(/nothing happened|nothing in the previous|no activity/);
    const body = digestWebhookBody(words, none, { digestId: "dg_1", dueAt: "2026-11-23T07:00:00.000Z" });
    expect(body.figures.every((f) => f.value === null && f.blank === "not synced yet" && f.previousBlank === "not synced yet")).toBe(true);
    expect(body.text).not.toMatch(/nothing happened|nothing in the previous|no activity/);
    // Only the previous period missing: the figure is shown, its change names the missing period.
    const before = content({ previousComplete: false, figures: figures.map((f) => ({ ...f, previous: null, change: null, hidden: false })) });
    expect(digestMailText(words, before, "u")).toContain("Commission (USDT): 1,234.50 USDT (no change computed: the previous period is not fully synced yet)");
    expect(digestWebhookBody(words, before, { digestId: "dg_1", dueAt: "x" }).figures[0]).toMatchObject({ value: "1234.5", blank: null, previousBlank: "not synced yet" });
  });

  it("escapes the HTML and loads nothing remote", () => {
    const html = digestMailHtml(words, content(), "http://app.test/unsubscribe/t?x=1&y=2");
    expect(html).toContain("Partners &lt;weekly&gt;");
    expect(html).not.toContain("<weekly>");
    expect(html).toContain('href="http://app.test/unsubscribe/t?x=1&amp;y=2"');
    expect(html).not.toMatch(/<img|<link|src=|url\(/);
  });

  it("hides amounts of a percentages digest everywhere but keeps their change", () => {
    const hidden = content({ figures: figures.map((f) => ({ ...f, previous: f.value, change: "-0.25", hidden: f.unit.kind === "money" })) });
    const text = digestMailText(words, hidden, "u");
    expect(text).not.toContain("1,234.50");
    expect(text).toContain("Commission (USDT): amount hidden (percentages only) (-25.0% vs previous period)");
    const body = digestWebhookBody(words, hidden, { digestId: "dg_1", dueAt: "2026-11-23T07:00:00.000Z" });
    expect(body.figures.find((f) => f.key === "commission:USDT")).toEqual({ key: "commission:USDT", label: "Commission (USDT)", unit: "USDT", value: null, previous: null, change: "-0.25", blank: null, previousBlank: null });
    expect(body.figures.find((f) => f.key === "invitees:USDT")?.value).toBe("3");
    expect(JSON.stringify(body)).not.toContain("1234.5");
  });

  it("gives Slack-compatible text with the link", () => {
    const text = digestSlackText(words, content());
    expect(text.startsWith("*Partners &lt;weekly&gt;* — Commissions")).toBe(true);
    expect(text).toContain("<http://app.test/r/abc|Open the view>");
  });
});
