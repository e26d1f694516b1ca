/**
 * The rule kinds and their parameters: one zod schema per kind, one
 * discriminated union, one sentence per rule in words. Browser-safe: the form
 * and the API validate with the same schemas.
 */
import { z } from "zod";
import { metric } from "../metrics/definitions";
import { TARGET_PERIODS } from "../targets/types";
import { FORECAST_METRICS } from "../forecast/types";
import { SUB_AFFILIATE_METRICS } from "../metrics/sub-affiliate";
import { FLAG_FILTER_LABELS, FLAG_FILTERS } from "../invitee-flags/types";

export const RULE_KINDS = ["period-change", "large-flow", "dormant-top", "kyc-no-deposit", "sub-affiliate-change", "sync-health", "invitee-flagged", "target-forecast"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const isRuleKind = (value: unknown): value is RuleKind => typeof value === "string" && (RULE_KINDS as readonly string[]).includes(value);

export const KIND_LABELS: Readonly<Record<RuleKind, string>> = {
  "period-change": "Commission or volume changes",
  "large-flow": "A large deposit or withdrawal",
  "dormant-top": "A top invitee goes silent",
  "kyc-no-deposit": "Verified invitees who do not deposit",
  "sub-affiliate-change": "A sub-affiliate's figures change",
  "sync-health": "Sync problems",
  "invitee-flagged": "An invitee is newly flagged",
  "target-forecast": "A target is projected to be missed",
};

const percent = z.number({ message: "the change must be a number" }).gt(0, "the change must be above 0 %").max(10_000, "the change must be at most 10 000 %");
const whole = (what: string, min: number, max: number) =>
  z.number({ message: `${what} must be a number` }).int(`${what} must be a whole number`).min(min, `${what} must be at least ${min}`).max(max, `${what} must be at most ${max}`);
/** An amount as a decimal string (exact, never a float): digits, an optional fraction, above zero. */
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,18}(\.\d{1,8})?$/, "the amount must be a number such as 10000 or 2500.50")
  .refine((s) => /[1-9]/.test(s), "the amount must be above 0");
const coin = z.string().trim().regex(/^[A-Z0-9]{2,12}$/, "a coin is written like USDT or BTC");
const direction = z.enum(["up", "down", "either"]);
const period = z.enum(["day", "week", "month"]);

export const periodChangeParams = z.object({
  kind: z.literal("period-change"),
  /** commissionAllCoins: every coin's commission in ≈ USDT at each day's close (docs/prices.md). */
  metric: z.enum(["commission", "commissionAllCoins", "volume"]),
  period,
  direction,
  percent,
  /** Commission only: one coin, or every coin each on its own (never added together). */
  coin: coin.optional(),
}).refine((p) => p.metric !== "commissionAllCoins" || p.coin === undefined, {
  message: "all coins are valued together in USDT: leave the coin empty, or watch Commission in one coin",
  path: ["coin"],
});
export const largeFlowParams = z.object({
  kind: z.literal("large-flow"),
  flow: z.enum(["deposit", "withdrawal", "either"]),
  amount,
  /** The interface reports invitees' deposits and withdrawals in USDT only. */
  coin: z.literal("USDT"),
});
export const dormantTopParams = z
  .object({
    kind: z.literal("dormant-top"),
    top: whole("the number of top invitees", 1, 100),
    windowDays: whole("the ranking window", 7, 365),
    silentDays: whole("the silence", 1, 180),
    coin,
  })
  .refine((p) => p.silentDays < p.windowDays, { message: "the silence must be shorter than the ranking window", path: ["silentDays"] });
export const kycNoDepositParams = z.object({
  kind: z.literal("kyc-no-deposit"),
  days: whole("the days since sign-up", 1, 365),
  count: whole("the number of invitees", 1, 1_000_000),
});
export const subAffiliateChangeParams = z.object({
  kind: z.literal("sub-affiliate-change"),
  metric: z.enum(["volume", "paidCommission"]),
  period,
  direction,
  percent,
  /** One sub-affiliate, or every one. */
  sub: z.string().trim().regex(/^\d{1,20}$/, "a sub-affiliate is its uid (digits)").optional(),
});
export const syncHealthParams = z
  .object({
    kind: z.literal("sync-health"),
    check: z.enum(["failing", "stale", "rate-limited"]),
    /** stale: data older than this; rate-limited: a 429/418 seen within this. */
    minutes: whole("the minutes", 1, 10_080).optional(),
  })
  .refine((p) => p.check === "failing" || p.minutes !== undefined, { message: "say how many minutes", path: ["minutes"] });

/** An invitee-quality flag (lib/invitee-flags) raised on an invitee it had not been raised on for this rule. */
export const inviteeFlaggedParams = z.object({
  kind: z.literal("invitee-flagged"),
  flag: z.enum(FLAG_FILTERS, { message: `a quality flag (${FLAG_FILTERS.join(", ")})` }),
});

/** A month's or quarter's projected figure (lib/forecast) short of its target or tier threshold (lib/targets). */
export const targetForecastParams = z.object({
  kind: z.literal("target-forecast"),
  // The forecast's figures only: a target on another figure (net deposits …) has no projection to fall short.
  figure: z.enum(["any", ...FORECAST_METRICS], { message: `a figure the forecast projects (any, ${FORECAST_METRICS.join(", ")})` }),
  period: z.enum(TARGET_PERIODS, { message: "the period is month or quarter" }),
  percent,
});

// The refinements make some members ZodEffects-like pipes; z.discriminatedUnion needs plain objects, so a union it is.
export const ruleParamsSchema = z.union([periodChangeParams, largeFlowParams, dormantTopParams, kycNoDepositParams, subAffiliateChangeParams, syncHealthParams, inviteeFlaggedParams, targetForecastParams]);
export type RuleParams = z.output<typeof ruleParamsSchema>;

/** Each kind's own schema: the form checks one to name the field at fault (a union only says "none matched"). */
export const KIND_SCHEMAS = {
  "period-change": periodChangeParams,
  "large-flow": largeFlowParams,
  "dormant-top": dormantTopParams,
  "kyc-no-deposit": kycNoDepositParams,
  "sub-affiliate-change": subAffiliateChangeParams,
  "sync-health": syncHealthParams,
  "invitee-flagged": inviteeFlaggedParams,
  "target-forecast": targetForecastParams,
} as const satisfies Record<RuleKind, z.ZodType>;
export type ParamsOf<K extends RuleKind> = Extract<RuleParams, { kind: K }>;

const email = z.string().trim().toLowerCase().email("a mail recipient is an e-mail address").max(254);
export const channelsSchema = z.object({
  mail: z.array(email).max(10, "at most 10 mail recipients").default([]),
  /** Ids of webhook endpoints (Settings → Webhooks). */
  webhooks: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "a webhook endpoint id")).max(5, "at most 5 webhook endpoints").default([]),
});
export type RuleChannels = z.output<typeof channelsSchema>;

export const ruleInputSchema = z
  .object({
    name: z.string().trim().min(1, "give the rule a name").max(120, "a name of at most 120 characters"),
    params: ruleParamsSchema,
    channels: channelsSchema.default({ mail: [], webhooks: [] }),
    cooldownMinutes: whole("the cooldown", 5, 43_200),
  })
  // Quality flags are the team's internal risk notes: like tags and notes, never posted to a webhook's receiver.
  .refine((r) => r.params.kind !== "invitee-flagged" || r.channels.webhooks.length === 0, {
    message: "quality flags are internal: they are shown in the app and mailed, never posted to webhooks",
    path: ["channels", "webhooks"],
  });
export type RuleInput = z.output<typeof ruleInputSchema>;

const DIRECTION_WORDS = { up: "rises", down: "falls", either: "rises or falls" } as const;
/** A sub-affiliate-change rule watches one sub-affiliate's figures: their labels come from their one definition. */
const SUB_AFFILIATE_WORDS = { volume: SUB_AFFILIATE_METRICS.tradingVolume.label, paidCommission: SUB_AFFILIATE_METRICS.paidCommission.label } as const;
/** A period-change rule watches the Overview's figures: their labels come from their one definition. */
const PERIOD_CHANGE_WORDS = {
  commission: metric("commission").label,
  commissionAllCoins: metric("commissionAllCoins").label,
  volume: metric("volumeAllCoins").label,
} as const;
/** What a period-change rule's figure is in: one coin or each on its own, one estimate in USDT, or USDT. */
const PERIOD_CHANGE_UNIT = (p: { metric: keyof typeof PERIOD_CHANGE_WORDS; coin?: string }) =>
  p.metric === "commission" ? ` (${p.coin ?? "each coin"})` : p.metric === "commissionAllCoins" ? " (≈ USDT, each day's close)" : " (USDT)";
const FLOW_WORDS = { deposit: "deposit", withdrawal: "withdrawal", either: "deposit or withdrawal" } as const;

/** The rule in one sentence, for lists and messages. */
export function describeRule(p: RuleParams): string {
  switch (p.kind) {
    case "period-change":
      return `${PERIOD_CHANGE_WORDS[p.metric]}${PERIOD_CHANGE_UNIT(p)} of a ${p.period} ${DIRECTION_WORDS[p.direction]} by more than ${p.percent} % against the ${p.period} before`;
    case "large-flow":
      return `An invitee's ${FLOW_WORDS[p.flow]} of more than ${p.amount} ${p.coin} in a day`;
    case "dormant-top":
      return `One of the top ${p.top} invitees by ${p.coin} commission over ${p.windowDays} days has not traded for ${p.silentDays} days`;
    case "kyc-no-deposit":
      return `More than ${p.count} verified invitees have not deposited ${p.days} days after signing up`;
    case "sub-affiliate-change":
      return `${SUB_AFFILIATE_WORDS[p.metric]} (${p.sub ? `sub-affiliate ${p.sub}` : "any sub-affiliate"}, USDT) of a ${p.period} ${DIRECTION_WORDS[p.direction]} by more than ${p.percent} %`;
    case "sync-health":
      if (p.check === "failing") return "The sync fails";
      if (p.check === "stale") return `The data is older than ${p.minutes} minutes`;
      return `The exchange answers "too many requests" (429 or 418) within ${p.minutes} minutes`;
    case "invitee-flagged":
      return `An invitee is newly flagged: ${FLAG_FILTER_LABELS[p.flag]}`;
    case "target-forecast":
      return `${p.figure === "any" ? "A figure" : metric(p.figure).label} of the ${p.period} in progress is projected to miss its target or tier threshold by more than ${p.percent} %`;
  }
}
