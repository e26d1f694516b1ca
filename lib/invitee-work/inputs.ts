/**
 * What the invitee-work routes accept: one strict zod schema per JSON body
 * (an unknown key is a 400, never silently dropped), with the limits of
 * ./types.ts. Browser-safe, so a form can check its input the same way.
 * Whether a day is in the future needs the app's clock: the stores check that.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { filterFieldSchemas } from "../reports/filters";
import { parseIsoDay } from "../url-state/date-range";
import { BULK_UIDS_MAX, FOLLOW_UP_STATES, NOTE_MAX_CHARS, TAG_COLORS, TAG_NAME_MAX_CHARS, TAGS_PER_INVITEE_MAX } from "./types";

/** An invitee uid, by the reports' grammar (the `uid` filter). */
export const uidSchema = filterFieldSchemas.uid;

/** A real calendar day, YYYY-MM-DD (2025-02-30 is refused). */
export const isoDaySchema = z.string().refine((v) => parseIsoDay(v) !== null, "a calendar day as YYYY-MM-DD");

export const noteBodySchema = z
  .string()
  .trim()
  .min(1, "the note is empty")
  .max(NOTE_MAX_CHARS, `at most ${NOTE_MAX_CHARS} characters`);

export const tagNameSchema = z
  .string()
  .trim()
  .min(1, "a tag name is empty")
  .max(TAG_NAME_MAX_CHARS, `a tag name has at most ${TAG_NAME_MAX_CHARS} characters`);

export const tagColorSchema = z.enum(TAG_COLORS);

/** A tag's id as the routes hand them out. */
export const tagIdSchema = z.string().regex(/^itag_[A-Za-z0-9_-]{1,40}$/, "a tag id");
export const noteIdSchema = z.string().regex(/^inote_[A-Za-z0-9_-]{1,40}$/, "a note id");

const tagNames = (max: number) => z.array(tagNameSchema).max(max, `at most ${max} tags`);

export const noteInputSchema = z.object({ body: noteBodySchema }).strict();

export const setTagsInputSchema = z.object({ tags: tagNames(TAGS_PER_INVITEE_MAX) }).strict();

/**
 * PUT …/follow-up. The body replaces the follow-up: a date left out is null, except that
 * "contacted" without `contactedOn` means today. `state: null` clears it (no dates then).
 */
export const followUpInputSchema = z
  .object({
    state: z.enum(FOLLOW_UP_STATES).nullable(),
    contactedOn: isoDaySchema.nullable().optional(),
    dueOn: isoDaySchema.nullable().optional(),
  })
  .strict()
  .refine((b) => b.state !== null || (b.contactedOn == null && b.dueOn == null), { message: "state null clears the follow-up: give no dates with it", path: ["state"] })
  .refine((b) => !(b.state === "contacted" && b.contactedOn === null), { message: "a contacted follow-up needs the day it was contacted (leave it out for today)", path: ["contactedOn"] });

export const createTagInputSchema = z.object({ name: tagNameSchema, color: tagColorSchema.optional() }).strict();

export const updateTagInputSchema = z
  .object({ name: tagNameSchema.optional(), color: tagColorSchema.optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.color !== undefined, "say what to change: name or color");

export const mergeTagInputSchema = z.object({ into: tagIdSchema }).strict();

export const bulkTagsInputSchema = z
  .object({
    /** The invitees, by uid (the rows a page shows)… */
    uids: z.array(uidSchema).min(1, "at least one uid").max(BULK_UIDS_MAX, `at most ${BULK_UIDS_MAX} uids`).optional(),
    /** …or every invitee a directory view matches: the view's query string, as in its URL ("status=dormant&tag=vip"). */
    directory: z.string().max(2000).optional(),
    add: tagNames(TAGS_PER_INVITEE_MAX).optional(),
    remove: tagNames(TAGS_PER_INVITEE_MAX).optional(),
  })
  .strict()
  .refine((b) => (b.uids === undefined) !== (b.directory === undefined), "name the invitees: uids, or a directory view's query (one of them)")
  .refine((b) => (b.add?.length ?? 0) + (b.remove?.length ?? 0) > 0, "say what to change: add or remove tag names")
  .refine((b) => {
    const added = new Set((b.add ?? []).map((n) => n.toLowerCase()));
    return !(b.remove ?? []).some((n) => added.has(n.toLowerCase()));
  }, "a tag cannot be both added and removed");

export type FollowUpInput = z.output<typeof followUpInputSchema>;
export type BulkTagsInput = z.output<typeof bulkTagsInputSchema>;
export type UpdateTagInput = z.output<typeof updateTagInputSchema>;
