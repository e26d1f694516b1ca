/**
 * What a person sends to make or change a digest: the view (report and its
 * query string, locked into a share-link scope on the server), the schedule,
 * the channels and the skip rules. Browser-safe: the form checks the same
 * schema before it sends.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { DIGEST_SCHEDULES } from "../db/schema-digests";
import { REPORT_NAMES } from "../reports/names";
import { savedViewIdSchema } from "../saved-views/inputs";
import { LOCAL_TIME_PATTERN, type Schedule } from "./schedule";
import { isTimeZone } from "./zone-time";

export const MAX_RECIPIENTS = 20;
export const MAX_WEBHOOKS = 10;

export const scheduleInputSchema = z
  .object({
    kind: z.enum(DIGEST_SCHEDULES),
    weekday: z.number().int().min(0).max(6).optional(),
    dayOfMonth: z.number().int().min(1).max(31).optional(),
    time: z.string().regex(LOCAL_TIME_PATTERN, "a local time HH:MM (24-hour)"),
    timeZone: z.string().min(1).max(64).refine(isTimeZone, "an IANA time zone such as Europe/Berlin"),
  })
  .superRefine((s, ctx) => {
    if (s.kind === "weekly" && s.weekday === undefined) ctx.addIssue({ code: "custom", path: ["weekday"], message: "a weekly digest needs a weekday" });
    if (s.kind === "monthly" && s.dayOfMonth === undefined) ctx.addIssue({ code: "custom", path: ["dayOfMonth"], message: "a monthly digest needs a day of the month" });
  });
export type ScheduleInput = z.output<typeof scheduleInputSchema>;

export function scheduleOf(s: ScheduleInput): Schedule {
  if (s.kind === "weekly") return { kind: "weekly", weekday: s.weekday ?? 1, time: s.time, timeZone: s.timeZone };
  if (s.kind === "monthly") return { kind: "monthly", dayOfMonth: s.dayOfMonth ?? 1, time: s.time, timeZone: s.timeZone };
  return { kind: "daily", time: s.time, timeZone: s.timeZone };
}

const channels = {
  mailTo: z.array(z.email("a valid e-mail address").max(254)).max(MAX_RECIPIENTS),
  webhookEndpointIds: z.array(z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "a webhook endpoint id")).max(MAX_WEBHOOKS),
};
const atLeastOneChannel = (d: { mailTo: string[]; webhookEndpointIds: string[] }) => d.mailTo.length + d.webhookEndpointIds.length > 0;
const CHANNEL_MESSAGE = { message: "name at least one recipient or webhook endpoint", path: ["mailTo"] };

export const newDigestSchema = z
  .object({
    report: z.enum(REPORT_NAMES),
    /** The view's search parameters, exactly as in its URL (as for a share link). */
    query: z.string().max(2000).default(""),
    label: z.string().trim().min(1, "give the digest a name").max(120),
    schedule: scheduleInputSchema,
    redactUids: z.boolean().default(false),
    percentages: z.boolean().default(false),
    mailTo: channels.mailTo.default([]),
    webhookEndpointIds: channels.webhookEndpointIds.default([]),
    skipWhenEmpty: z.boolean().default(false),
    skipWhenUnchanged: z.boolean().default(false),
    /** The saved view it is made from (checked by the route: one the person sees, of this report). */
    savedViewId: savedViewIdSchema.optional(),
  })
  .refine(atLeastOneChannel, CHANNEL_MESSAGE);
export type NewDigestRequest = z.output<typeof newDigestSchema>;

/** An edit changes the schedule, channels, rules, name and pause; the view stays what it was made from. */
export const digestPatchSchema = z
  .object({
    label: z.string().trim().min(1).max(120).optional(),
    schedule: scheduleInputSchema.optional(),
    mailTo: channels.mailTo.optional(),
    webhookEndpointIds: channels.webhookEndpointIds.optional(),
    skipWhenEmpty: z.boolean().optional(),
    skipWhenUnchanged: z.boolean().optional(),
    paused: z.boolean().optional(),
  })
  .strict();
export type DigestPatch = z.output<typeof digestPatchSchema>;
