/**
 * A digest run in words: the mail (subject, plain text, HTML with inline
 * styles and no remote images) and the webhook body (figures as decimal
 * strings, the period, the report, the link, and a Slack-compatible `text`).
 * Amounts at their coin's decimals (lib/format), each coin on its own. Pure.
 */
import { formatCoinAmount, formatCount } from "../format/amount";
import { formatChange } from "../metrics/compare";
import { EMPTY_VALUE, formatFractionAsPercent } from "../format/decimal";
import { formatUtcMinute } from "../format/time";
import type { DigestContent, DigestFigure } from "./content";

export interface DigestWords {
  label: string;
  reportTitle: string;
  /** The view's scope in words (lib/reports/scope-label.ts). */
  scope: string;
  schedule: string;
  /** Where the view opens: a share link, without signing in. */
  viewUrl: string;
}

/** Said for a figure of a period the warehouse holds none of: not a zero, not "no activity". */
export const NOT_SYNCED_YET = "not synced yet";

export function figureText(f: Pick<DigestFigure, "unit" | "value" | "hidden">, content?: Pick<DigestContent, "coverage">): string {
  if (f.hidden) return "amount hidden (percentages only)";
  if (f.value === null) return content?.coverage.state === "none" ? NOT_SYNCED_YET : EMPTY_VALUE;
  if (f.unit.kind === "money") return `${formatCoinAmount(f.value, f.unit.coin)} ${f.unit.coin}`;
  if (f.unit.kind === "ratio") return formatFractionAsPercent(f.value, { dp: 2 });
  return formatCount(f.value);
}

export function changeText(f: Pick<DigestFigure, "change" | "previous"> & { unit?: DigestFigure["unit"] }, content: Pick<DigestContent, "coverage" | "previousComplete">): string {
  // A rate's change is the difference in percentage points (lib/metrics), never a relative % of a rate.
  if (f.change !== null) return `${formatChange(f.change, f.unit?.kind === "ratio" ? "points" : "relative")} vs previous period`;
  // Which period is missing, in the coverage's words: never "nothing in the previous period" for days not synced.
  if (content.coverage.state === "none") return "no change computed: this period is not synced yet";
  if (content.coverage.state !== "complete") return "no change computed: this period is only partly synced";
  if (!content.previousComplete) return "no change computed: the previous period is not fully synced yet";
  if (f.previous === null) return "no change computed: no figure for the previous period";
  return "no change computed: nothing in the previous period";
}

export const periodText = (p: { from: string; to: string }) => (p.from === p.to ? p.from : `${p.from} → ${p.to}`);

export function coverageText(content: Pick<DigestContent, "coverage">): string | null {
  if (content.coverage.state === "complete") return null;
  const head = content.coverage.state === "none" ? "Not synced: the warehouse holds none of this period, so no figure below is known." : "Partial data: the warehouse holds only part of this period.";
  return content.coverage.note ? `${head} ${content.coverage.note}` : head;
}

export const dataAsOfText = (content: Pick<DigestContent, "dataAsOf">) =>
  content.dataAsOf === null ? "Data as of: not synced yet" : `Data as of ${formatUtcMinute(content.dataAsOf)} UTC`;

export function digestSubject(words: Pick<DigestWords, "label" | "reportTitle">, content: Pick<DigestContent, "period" | "coverage">): string {
  const partial = content.coverage.state === "complete" ? "" : " (partial data)";
  return `${words.label} — ${words.reportTitle}, ${periodText(content.period)}${partial}`;
}

function lines(words: DigestWords, content: DigestContent): string[] {
  const out = [`${words.reportTitle} — ${words.scope}`, `Period: ${periodText(content.period)} (UTC days), compared with ${periodText(content.previousPeriod)}`];
  const coverage = coverageText(content);
  if (coverage) out.push(coverage);
  out.push("");
  for (const f of content.figures) out.push(`${f.label}: ${figureText(f, content)} (${changeText(f, content)})`);
  for (const block of content.forecast) out.push("", ...block);
  out.push("", dataAsOfText(content));
  return out;
}

/** Slack's mrkdwn treats <…> as links and mentions: user text is escaped as Slack asks (&, <, >). */
const slackEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The Slack-compatible summary (mrkdwn link syntax), also the webhook's `text`. */
export function digestSlackText(words: DigestWords, content: DigestContent): string {
  const [head = "", ...rest] = lines(words, content);
  return [`*${slackEscape(words.label)}* — ${slackEscape(head)}`, ...rest.map(slackEscape), `<${words.viewUrl}|Open the view>`].join("\n");
}

export function digestMailText(words: DigestWords, content: DigestContent, unsubscribeUrl: string): string {
  return [
    words.label,
    ...lines(words, content),
    "",
    `Open the view (no sign-in needed): ${words.viewUrl}`,
    "The report's PDF is attached.",
    "",
    `${words.schedule}. Stop receiving this digest: ${unsubscribeUrl}`,
  ].join("\n");
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
const CELL = "padding:6px 10px;border-bottom:1px solid #e2e8f0;text-align:left;";

export function digestMailHtml(words: DigestWords, content: DigestContent, unsubscribeUrl: string): string {
  const coverage = coverageText(content);
  const rows = content.figures
    .map(
      (f) =>
        `<tr><th scope="row" style="${CELL}font-weight:normal;color:#334155">${escape(f.label)}</th>` +
        `<td style="${CELL}font-variant-numeric:tabular-nums;text-align:right;color:#0f172a">${escape(figureText(f, content))}</td>` +
        `<td style="${CELL}color:#475569">${escape(changeText(f, content))}</td></tr>`,
    )
    .join("");
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(words.label)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#ffffff;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:14px;line-height:1.5">`,
    `<h1 style="font-size:20px;margin:0 0 4px">${escape(words.label)}</h1>`,
    `<p style="margin:0 0 4px;color:#334155">${escape(words.reportTitle)} — ${escape(words.scope)}</p>`,
    `<p style="margin:0 0 12px;color:#334155">Period: ${escape(periodText(content.period))} (UTC days), compared with ${escape(periodText(content.previousPeriod))}</p>`,
    coverage ? `<p style="margin:0 0 12px;padding:8px 12px;border-left:4px solid #b45309;background:#fffbeb;color:#78350f">${escape(coverage)}</p>` : "",
    `<table style="border-collapse:collapse;margin:0 0 12px"><thead><tr><th scope="col" style="${CELL}">Figure</th><th scope="col" style="${CELL}text-align:right">Value</th><th scope="col" style="${CELL}">Change</th></tr></thead><tbody>${rows}</tbody></table>`,
    ...content.forecast.map(
      ([heading, ...figures]) =>
        `<p style="margin:0 0 4px;color:#334155">${escape(heading ?? "")}</p><ul style="margin:0 0 12px;padding-left:20px;color:#0f172a">${figures.map((l) => `<li>${escape(l)}</li>`).join("")}</ul>`,
    ),
    `<p style="margin:0 0 12px;color:#475569">${escape(dataAsOfText(content))}</p>`,
    `<p style="margin:0 0 12px"><a href="${escape(words.viewUrl)}" style="color:#1d4ed8">Open the view</a> (no sign-in needed). The report's PDF is attached.</p>`,
    `<p style="margin:24px 0 0;font-size:12px;color:#475569">${escape(words.schedule)}. <a href="${escape(unsubscribeUrl)}" style="color:#1d4ed8">Stop receiving this digest</a></p>`,
    `</body></html>`,
  ].join("");
}

/** The webhook's JSON: figures as exact decimal strings (null when unknown or hidden), never numbers. */
export function digestWebhookBody(words: DigestWords, content: DigestContent, meta: { digestId: string; dueAt: string }) {
  return {
    kind: "digest",
    digestId: meta.digestId,
    dueAt: meta.dueAt,
    label: words.label,
    report: content.report,
    reportTitle: words.reportTitle,
    scope: words.scope,
    period: content.period,
    previousPeriod: content.previousPeriod,
    coverage: content.coverage,
    dataAsOf: content.dataAsOf === null ? null : new Date(content.dataAsOf).toISOString(),
    figures: content.figures.map((f) => ({
      key: f.key,
      label: f.label,
      unit: f.unit.kind === "money" ? f.unit.coin : f.unit.kind,
      value: f.hidden ? null : f.value,
      previous: f.hidden ? null : f.previous,
      change: f.change,
      // Why a value is null when it is for want of synced days (null otherwise): a receiver must not read it as 0.
      blank: !f.hidden && f.value === null && content.coverage.state === "none" ? NOT_SYNCED_YET : null,
      previousBlank: !f.hidden && f.previous === null && !content.previousComplete ? NOT_SYNCED_YET : null,
    })),
    /**
     * The Overview's forecasts and the team's targets, line by line (empty for other reports): the month's block, then
     * the quarter's where the team set a goal on it, each starting with its "…-end forecast for …" heading line.
     */
    forecast: content.forecast.flat(),
    link: words.viewUrl,
    text: digestSlackText(words, content),
  };
}
