/**
 * The Invitees report's contract: registrations over time, the funnel register
 * → KYC → first deposit → first trade (median hours between steps) and the
 * retention matrix by signup month — all of people who signed up in the range —
 * and the directory: every invitee of the connection whatever the range (its
 * search, filters, sort, paging and dormancy window in the URL:
 * rosterQuerySchema), each with the range's figures beside them: commission and
 * net fee in the view's coin, volume and money movements in USDT.
 */
import { pricesUsedField } from "../../prices/contract";
import { z } from "zod";
import { parseIsoDay } from "../../url-state/date-range";
import { COMMISSION_COINS } from "../../weex/schema/enums";
import { FOLLOW_UP_FILTERS, TAG_NAME_MAX_CHARS, TEAM_SORTS } from "../../invitee-work/types";
import { FLAG_FILTERS } from "../../invitee-flags/types";
import { count, day, flag, group, groupOrNull, hours, instant, list, money, month, oneOf, orNull, ratio, text, uid } from "../contracts/fields";
import { answerSchema, column, defineContract, metricColumn, table, type ReportPart } from "../contracts/report-contract";
import { METRICS } from "../../metrics/definitions";
import { DORMANT_DAYS_RULE, directionRule, dormantDays, pagingQuery, pagingRules, sortDirection, type Paging } from "../contracts/query-rules";

/** The range's figures of a directory row, sortable like every other column. */
export const ROSTER_FIGURES = ["commission", "netFee", "volume", "deposits", "withdrawals", "netDeposit"] as const;
export type RosterFigure = (typeof ROSTER_FIGURES)[number];
export const ROSTER_SORTS = [
  "uid",
  "registerTime",
  "kyc",
  "inviteCode",
  "source",
  "firstDeposit",
  "lastDeposit",
  "firstTrade",
  "lastTrade",
  "status",
  ...ROSTER_FIGURES,
  // The team's tags and follow-ups (the app only: lib/share/scope.ts drops them from a shared view's request).
  ...TEAM_SORTS,
] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number];

/** Where an invitee came from: the sourceType of their latest commission item; unknown without one. */
export const ROSTER_SOURCES = ["direct", "sub", "unknown"] as const;
export type RosterSource = (typeof ROSTER_SOURCES)[number];
/** never traded · active · dormant (traded before, silent for dormantDays or more). */
export const ROSTER_STATUSES = ["never", "active", "dormant"] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

const word = /^[A-Za-z0-9_-]*$/;
/** A calendar day (YYYY-MM-DD, UTC): the sign-up period filter's bounds, both inclusive. */
const signupDay = z.string().trim().refine((s) => parseIsoDay(s) !== null, "a calendar day (YYYY-MM-DD)");
/** The table's page limits, declared once: the query schema, the URL notices, the SQL and the page read them. */
export const ROSTER_PAGING: Paging = { pageSize: 50, minPageSize: 10, maxPageSize: 200, maxPage: 100_000 };

/**
 * The directory's search, filters, sort and paging, from the URL like every
 * other filter. `via` is the source filter (the shared `source` filter means a
 * commission item's sourceType and has no "unknown").
 */
export const rosterQuerySchema = z.object({
  q: z.string().trim().max(40).regex(word, "letters, digits, - and _ only").default(""),
  code: z.string().trim().max(40).regex(word, "letters, digits, - and _ only").default(""),
  kyc: z.enum(["yes", "no"]).optional(),
  status: z.enum(ROSTER_STATUSES).optional(),
  via: z.enum(ROSTER_SOURCES).optional(),
  /** Signed up on or after this UTC day (a retention cohort's link sets both bounds). */
  registeredFrom: signupDay.optional(),
  /** Signed up on or before this UTC day. */
  registeredTo: signupDay.optional(),
  /** The team's own records (lib/invitee-work): invitees carrying this tag (any case), or in this follow-up state. */
  tag: z.string().trim().min(1).max(TAG_NAME_MAX_CHARS).optional(),
  followUp: z.enum(FOLLOW_UP_FILTERS).optional(),
  /** Invitees the quality flags raise (lib/invitee-flags): one kind, or any. Internal, like the team's records. */
  flag: z.enum(FLAG_FILTERS).optional(),
  sort: z.enum(ROSTER_SORTS).default("registerTime"),
  dir: sortDirection.default("desc"),
  ...pagingQuery(ROSTER_PAGING),
  dormantDays,
});
export type RosterQuery = z.output<typeof rosterQuerySchema>;

/** Range figures are null where the warehouse holds no row of the invitee in the range (shown "—", never 0). */
const inviteeRow = group({
  uid: uid("invitee"),
  registerTime: instant(),
  kycResult: flag(),
  inviteCode: text(),
  source: oneOf(ROSTER_SOURCES),
  firstDeposit: orNull(instant()),
  lastDeposit: orNull(instant()),
  firstTrade: orNull(instant()),
  lastTrade: orNull(instant()),
  dormant: flag(),
  status: oneOf(ROSTER_STATUSES),
  /** The view's coin (the coin filter, else USDT): commission and net fee are in it. */
  coin: oneOf(COMMISSION_COINS),
  commission: orNull(money("row")),
  /** The commission in USDT at each day's own close (the amount itself in USDT); null: nothing recorded, or not valued. */
  commissionUsdt: orNull(money("USDT", "column")),
  netFee: orNull(money("row")),
  /** The net fee in USDT, valued as the commission is. */
  netFeeUsdt: orNull(money("USDT", "column")),
  /** Spot + futures trading amount of the trade-and-asset records (USDT). */
  volume: orNull(money("USDT")),
  deposits: orNull(money("USDT")),
  withdrawals: orNull(money("USDT")),
  netDeposit: orNull(money("USDT")),
});
const registration = group({ bucket: day(), count: count() });
const funnel = group({
  registered: count(),
  kyc: count(),
  deposited: count(),
  traded: count(),
  /** Median hours from registration to first deposit, and from first deposit to first trade. */
  medianHoursToDeposit: orNull(hours()),
  medianHoursDepositToTrade: orNull(hours()),
});
/** active[k] = share of the cohort (signup month) trading in its k-th month (0 = signup month), 4 dp. */
const cohort = group({ cohort: month(), size: count(), active: list(ratio()) });

export const inviteeAnswer = answerSchema({
  buckets: list(day()),
  registrations: list(registration),
  funnel,
  retention: list(cohort),
  roster: group({ rows: list(inviteeRow), total: count(), page: count(), pageSize: count() }),
  /** How the directory's ≈ USDT column was valued in a view of another coin (the view's days and coin); null in USDT. */
  prices: groupOrNull(pricesUsedField),
});
export type InviteeAnswer = z.output<typeof inviteeAnswer>;
export type InviteeReport = ReportPart<InviteeAnswer>;
export type InviteeRow = z.output<typeof inviteeRow>;

/** The words the page and the CSV use for statuses and sources. */
export const STATUS_WORDS: Readonly<Record<RosterStatus, string>> = { never: "never traded", active: "active", dormant: "dormant" };
export const SOURCE_WORDS: Readonly<Record<RosterSource, string>> = { direct: "direct", sub: "via sub-affiliate", unknown: "unknown" };
/** The roster's status as the page words it. */
export const rosterStatus = (r: Pick<InviteeRow, "status">): string => STATUS_WORDS[r.status];

const row = inviteeRow.shape;
export const inviteesContract = defineContract({
  name: "invitees",
  title: "Invitees",
  path: "/invitees",
  answer: inviteeAnswer,
  paging: ROSTER_PAGING,
  filters: ["coin", "interval", "tz"],
  params: {
    q: { schema: rosterQuerySchema.shape.q, fallback: "", expected: "a search of up to 40 letters, digits, - or _", fallbackWords: "no search" },
    code: { schema: rosterQuerySchema.shape.code, fallback: "", expected: "an invite code of up to 40 letters, digits, - or _", fallbackWords: "every code" },
    kyc: { schema: rosterQuerySchema.shape.kyc, fallback: undefined, expected: "yes or no", fallbackWords: "KYC passed or not" },
    status: { schema: rosterQuerySchema.shape.status, fallback: undefined, expected: `a status (${ROSTER_STATUSES.join(", ")})`, fallbackWords: "every status" },
    via: { schema: rosterQuerySchema.shape.via, fallback: undefined, expected: `a source (${ROSTER_SOURCES.join(", ")})`, fallbackWords: "every source" },
    registeredFrom: { schema: rosterQuerySchema.shape.registeredFrom, fallback: undefined, expected: "a calendar day (YYYY-MM-DD)", fallbackWords: "no first sign-up day" },
    registeredTo: { schema: rosterQuerySchema.shape.registeredTo, fallback: undefined, expected: "a calendar day (YYYY-MM-DD)", fallbackWords: "no last sign-up day" },
    tag: { schema: rosterQuerySchema.shape.tag, fallback: undefined, expected: `a tag name of up to ${TAG_NAME_MAX_CHARS} characters`, fallbackWords: "every tag" },
    followUp: { schema: rosterQuerySchema.shape.followUp, fallback: undefined, expected: `a follow-up (${FOLLOW_UP_FILTERS.join(", ")})`, fallbackWords: "every follow-up" },
    flag: { schema: rosterQuerySchema.shape.flag, fallback: undefined, expected: `a quality flag (${FLAG_FILTERS.join(", ")})`, fallbackWords: "flagged or not" },
    sort: { schema: rosterQuerySchema.shape.sort, fallback: "registerTime", expected: `a roster column or team order (${ROSTER_SORTS.join(", ")})`, fallbackWords: "registerTime" },
    dir: directionRule("desc"),
    ...pagingRules(ROSTER_PAGING),
    dormantDays: DORMANT_DAYS_RULE,
  },
  tables: {
    registrations: table("Registrations per period", {
      bucket: column("Period", registration.shape.bucket),
      count: column("Registrations", registration.shape.count),
      // Empty where the warehouse holds no day of the bucket: this says so ("not synced"), never a 0.
      coverage: column("Coverage", text()),
    }),
    funnel: table("Funnel", {
      step: column("Step", text()),
      label: column("Label", text()),
      invitees: column("Invitees at the step", funnel.shape.registered),
      share: column("Share", ratio()),
      of: column("Share of", text()),
      medianHours: column("Median hours since the step before", funnel.shape.medianHoursToDeposit),
    }),
    // Then one share column per month since sign-up (M0, M1, …): as many as the view's longest cohort.
    retention: table("Retention by signup month", { cohort: column("Cohort", cohort.shape.cohort), size: column("Size", cohort.shape.size) }),
    roster: table("Invitee directory", {
      uid: column("uid", row.uid),
      registerTime: column("Registered", row.registerTime),
      kyc: column("KYC", row.kycResult),
      inviteCode: column("Invite code", row.inviteCode),
      source: column("Source", row.source),
      firstDeposit: column("First deposit", row.firstDeposit),
      lastDeposit: column("Last deposit", row.lastDeposit),
      firstTrade: column("First trade", row.firstTrade),
      lastTrade: column("Last trade", row.lastTrade),
      status: column("Status", row.status),
      coin: column("Coin of commission and net fee", row.coin),
      // The range's figures beside everyone, whenever they signed up: "in range", each from its definition (lib/metrics).
      commission: metricColumn(METRICS.commission, row.commission, "range"),
      commissionUsdt: metricColumn(METRICS.commissionValued, row.commissionUsdt, "range"),
      netFee: metricColumn(METRICS.netFee, row.netFee, "range"),
      netFeeUsdt: metricColumn(METRICS.netFeeValued, row.netFeeUsdt, "range"),
      volume: metricColumn(METRICS.spotAndFuturesVolume, row.volume, "range"),
      deposits: metricColumn(METRICS.deposits, row.deposits, "range"),
      withdrawals: metricColumn(METRICS.withdrawals, row.withdrawals, "range"),
      netDeposit: metricColumn(METRICS.netDeposits, row.netDeposit, "range"),
    }),
  },
});

/** A retention month column's kind: the cohort's shares. */
export const retentionShare = cohort.shape.active.element;
