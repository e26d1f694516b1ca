/**
 * The rule form's state: every field as the text a person typed, turned into a
 * rule input and checked with the API's own schema (lib/alerts/kinds.ts), so
 * the form and the server say the same words. Browser-safe and pure.
 */
import { isRuleKind, KIND_SCHEMAS, ruleInputSchema, type RuleInput, type RuleKind } from "@/lib/alerts/kinds";
import type { AlertRuleView } from "@/lib/alerts/views";

export type Draft = Record<string, string>;

export const COOLDOWNS: ReadonlyArray<{ minutes: number; label: string }> = [
  { minutes: 15, label: "15 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 360, label: "6 hours" },
  { minutes: 1_440, label: "1 day" },
  { minutes: 10_080, label: "1 week" },
];

export const EMPTY_DRAFT: Draft = {
  name: "",
  kind: "period-change",
  metric: "commission",
  period: "day",
  direction: "down",
  percent: "30",
  coin: "",
  flow: "deposit",
  amount: "10000",
  top: "10",
  windowDays: "30",
  silentDays: "7",
  days: "14",
  count: "20",
  sub: "",
  check: "failing",
  minutes: "30",
  flag: "any",
  figure: "any",
  mail: "",
  webhooks: "",
  cooldownMinutes: "60",
};

const num = (s: string | undefined) => (s === undefined || s.trim() === "" ? Number.NaN : Number(s));
const list = (s: string | undefined) =>
  (s ?? "")
    .split(/[,\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);
const optional = (s: string | undefined) => (s && s.trim() !== "" ? s.trim() : undefined);

function paramsOf(d: Draft): Record<string, unknown> {
  const kind = d.kind as RuleKind;
  switch (kind) {
    case "period-change": {
      const figure = d.metric === "volume" || d.metric === "commissionAllCoins" ? d.metric : "commission";
      // Only Commission is read per coin: the all-coins figure is one USDT total, the volume is USDT.
      return { kind, metric: figure, period: d.period, direction: d.direction, percent: num(d.percent), coin: figure === "commission" ? optional(d.coin)?.toUpperCase() : undefined };
    }
    case "large-flow":
      return { kind, flow: d.flow, amount: d.amount ?? "", coin: "USDT" };
    case "dormant-top":
      return { kind, top: num(d.top), windowDays: num(d.windowDays), silentDays: num(d.silentDays), coin: (optional(d.coin) ?? "USDT").toUpperCase() };
    case "kyc-no-deposit":
      return { kind, days: num(d.days), count: num(d.count) };
    case "sub-affiliate-change":
      return { kind, metric: d.metric === "paidCommission" ? "paidCommission" : "volume", period: d.period, direction: d.direction, percent: num(d.percent), sub: optional(d.sub) };
    case "sync-health":
      return { kind, check: d.check, minutes: d.check === "failing" ? undefined : num(d.minutes) };
    case "invitee-flagged":
      return { kind, flag: d.flag };
    case "target-forecast":
      // The period-change kinds' "day" and "week" are not a planning period: a month unless a quarter is chosen.
      return { kind, figure: d.figure, period: d.period === "quarter" ? "quarter" : "month", percent: num(d.percent) };
  }
}

/** The rule input, or the problems in words keyed by field name ("form" for the rest). */
export function readDraft(d: Draft): { ok: true; input: RuleInput } | { ok: false; errors: Record<string, string> } {
  if (!isRuleKind(d.kind)) return { ok: false, errors: { kind: "choose what to watch" } };
  const params = KIND_SCHEMAS[d.kind].safeParse(paramsOf(d));
  if (!params.success) {
    const errors: Record<string, string> = {};
    for (const issue of params.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
    return { ok: false, errors };
  }
  const parsed = ruleInputSchema.safeParse({ name: d.name, params: paramsOf(d), channels: { mail: list(d.mail), webhooks: list(d.webhooks) }, cooldownMinutes: num(d.cooldownMinutes) });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    // params.percent → percent; channels.mail.0 → mail; a union's mismatch lands on the kind's fields as a whole.
    const path = issue.path.map(String);
    const field = path[0] === "params" || path[0] === "channels" ? (path[1] ?? "form") : (path[0] ?? "form");
    errors[field] ??= issue.code === "invalid_union" ? "check this rule's settings" : issue.message.replace(/^Invalid input.*$/, "check this value");
  }
  return { ok: false, errors };
}

/** The draft's webhook endpoint ids (kept comma-joined, as every draft field is text). */
export const webhookIds = (d: Draft): string[] => list(d.webhooks);

/** A saved rule back into the form. */
export function draftOf(rule: AlertRuleView): Draft {
  const d: Draft = { ...EMPTY_DRAFT, name: rule.name, kind: rule.kind, mail: rule.channels.mail.join(", "), webhooks: rule.channels.webhooks.join(", "), cooldownMinutes: String(rule.cooldownMinutes) };
  for (const [key, value] of Object.entries(rule.params)) if (value !== undefined && key !== "kind") d[key] = String(value);
  return d;
}
