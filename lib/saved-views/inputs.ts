/**
 * What a person sends to save a view or change one. The query's parameters are
 * checked against the report on the server (query-check.ts), because a change
 * of query is checked against the report of the view already saved.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { REPORT_NAMES } from "../reports/names";
import { SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX } from "./types";

const name = z.string().trim().min(1, "give the view a name").max(SAVED_VIEW_NAME_MAX, `at most ${SAVED_VIEW_NAME_MAX} characters`);
/** As in the URL; a leading "?" is dropped. */
const query = z
  .string()
  .max(SAVED_VIEW_QUERY_MAX)
  .transform((q) => q.replace(/^\?/, ""));
const visibility = z.enum(["private", "team"]);

export const newSavedViewSchema = z
  .object({
    name,
    report: z.enum(REPORT_NAMES),
    query: query.default(""),
    visibility: visibility.default("private"),
    pinned: z.boolean().default(false),
  })
  .strict();
export type NewSavedView = z.output<typeof newSavedViewSchema>;

/** Rename, "update to this view" (a new query of the same report), who sees it, pin or unpin: any of them at once. */
export const savedViewPatchSchema = z
  .object({ name: name.optional(), query: query.optional(), visibility: visibility.optional(), pinned: z.boolean().optional() })
  .strict()
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: "change at least one of name, query, visibility or pinned" });
export type SavedViewPatch = z.output<typeof savedViewPatchSchema>;

/** Saved view ids as the store makes them; anything else names no view (404). */
export const savedViewIdSchema = z.string().regex(/^sv_[A-Za-z0-9_-]{1,40}$/);
