/**
 * What the annotations routes accept: strict zod schemas (an unknown key is a 400). Browser-safe, so the form checks
 * its input the same way. Days are real calendar days (2026-02-30 is refused); texts are 1–280 characters.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { ANNOTATION_TEXT_MAX } from "./types";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (s: string) => DAY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
export const annotationDaySchema = z.string().trim().refine(realDay, "a day as YYYY-MM-DD (UTC)");
const text = z.string().trim().min(1, "write the note").max(ANNOTATION_TEXT_MAX, `a note of at most ${ANNOTATION_TEXT_MAX} characters`);
/** Invite codes as the exchange issues them: letters and digits (a dash or underscore allowed). */
const code = z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, "an invite code: letters and digits, up to 32");
const sub = z.string().trim().regex(/^\d{1,20}$/, "a sub-affiliate uid: up to 20 digits");
/** An empty field in a form means "not tied to one". */
const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal("").transform(() => null), z.null(), schema]).optional();

export const annotationInputSchema = z
  .object({ day: annotationDaySchema, text, code: optional(code), subAffiliate: optional(sub) })
  .strict();
export type AnnotationInput = z.output<typeof annotationInputSchema>;

export const annotationPatchSchema = z
  .object({ day: annotationDaySchema.optional(), text: text.optional(), code: optional(code), subAffiliate: optional(sub) })
  .strict()
  .refine((p) => Object.values(p).some((v) => v !== undefined), "say what to change: day, text, code or subAffiliate");
export type AnnotationPatch = z.output<typeof annotationPatchSchema>;

/** GET's query: the chart's days (both or neither; at most ~3 years) and what it is narrowed to. */
export const annotationListQuerySchema = z
  .object({ from: annotationDaySchema.optional(), to: annotationDaySchema.optional(), sub: sub.optional(), code: code.optional() })
  .strict()
  .refine((q) => (q.from === undefined) === (q.to === undefined), "give both from and to, or neither")
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, "from is after to");

export const annotationIdSchema = z.string().regex(/^ann_[A-Za-z0-9_-]{1,40}$/, "an annotation id");
