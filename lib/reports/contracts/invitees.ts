/**
 * The Invitees report's contract: registrations over time, the funnel register
 * → KYC → first deposit → first trade (median hours between steps), the
 * retention matrix by signup month, and the roster's page (its paging, search,
 * sort and dormancy window in the URL: rosterQuerySchema). No money here.
 */
import { z } from "zod";
import { count, day, flag, group, hours, instant, list, month, orNull, ratio, text, uid } from "./fields";
import { answerSchema, column, defineReport, table, type ReportPart } from "./report-contract";

export const ROSTER_SORTS = ["registerTime", "firstDeposit", "lastDeposit", "firstTrade", "lastTrade", "uid"] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number];

/** Roster paging and search, from the URL like every other filter. */
export const rosterQuerySchema = z.object({
  q: z.string().trim().max(40).regex(/^[A-Za-z0-9_-]*$/).default(""),
  sort: z.enum(ROSTER_SORTS).default("registerTime"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(10).max(200).default(50),
  dormantDays: z.coerce.number().int().min(1).max(365).default(30),
});
export type RosterQuery = z.output<typeof rosterQuerySchema>;

const inviteeRow = group({
  uid: uid("invitee"),
  registerTime: instant(),
  kycResult: flag(),
  inviteCode: text(),
  firstDeposit: orNull(instant()),
  lastDeposit: orNull(instant()),
  firstTrade: orNull(instant()),
  lastTrade: orNull(instant()),
  dormant: flag(),
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
});
export type InviteeAnswer = z.output<typeof inviteeAnswer>;
export type InviteeReport = ReportPart<InviteeAnswer>;
export type InviteeRow = z.output<typeof inviteeRow>;

/** The roster's status as the page words it. */
export const rosterStatus = (r: Pick<InviteeRow, "dormant" | "lastTrade">): string => (r.dormant ? "dormant" : r.lastTrade === null ? "never traded" : "active");

const row = inviteeRow.shape;
export const inviteesContract = defineReport({
  name: "invitees",
  answer: inviteeAnswer,
  filters: ["interval", "tz"],
  tables: {
    registrations: table("Registrations per period", { bucket: column("Period", registration.shape.bucket), count: column("Registrations", registration.shape.count) }),
    funnel: table("Funnel", {
      step: column("Step", text()),
      label: column("Label", text()),
      invitees: column("Invitees", funnel.shape.registered),
      share: column("Share", ratio()),
      of: column("Share of", text()),
      medianHours: column("Median hours since the step before", funnel.shape.medianHoursToDeposit),
    }),
    // Then one share column per month since sign-up (M0, M1, …): as many as the view's longest cohort.
    retention: table("Retention by signup month", { cohort: column("Cohort", cohort.shape.cohort), size: column("Size", cohort.shape.size) }),
    roster: table("Invitee roster", {
      uid: column("uid", row.uid),
      registerTime: column("Registered", row.registerTime),
      kyc: column("KYC", row.kycResult),
      inviteCode: column("Invite code", row.inviteCode),
      firstDeposit: column("First deposit", row.firstDeposit),
      lastDeposit: column("Last deposit", row.lastDeposit),
      firstTrade: column("First trade", row.firstTrade),
      lastTrade: column("Last trade", row.lastTrade),
      status: column("Status", text()),
    }),
  },
});

/** A retention month column's kind: the cohort's shares. */
export const retentionShare = cohort.shape.active.element;
