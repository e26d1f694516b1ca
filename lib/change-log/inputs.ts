/**
 * What the change-log route accepts: which log (annotations, campaign costs, or targets and tier thresholds), how many entries, and — for "older" —
 * the id of the oldest entry already shown. Strict: an unknown key is a 400. Browser-safe.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP

export const CHANGE_LOG_KINDS = ["annotations", "costs", "targets"] as const;
export type ChangeLogKind = (typeof CHANGE_LOG_KINDS)[number];

/** The most one page answers: the latest 200, then "older". */
export const CHANGE_LOG_LIMIT_MAX = 200;
export const CHANGE_LOG_LIMIT_DEFAULT = 50;

export const changeLogQuerySchema = z
  .object({
    kind: z.enum(CHANGE_LOG_KINDS),
    // Log ids are time-ordered (lib/invitee-work/log timeOrderedId), so "older than this id" is a stable cursor.
    before: z.string().regex(/^(alog|ccl|tlog)_[A-Za-z0-9_-]{1,40}$/, "the id of a change-log entry").optional(),
    limit: z.coerce.number().int().min(1).max(CHANGE_LOG_LIMIT_MAX).default(CHANGE_LOG_LIMIT_DEFAULT),
  })
  .strict();
export type ChangeLogQuery = z.output<typeof changeLogQuerySchema>;
