/**
 * How follow-ups and tag colours are shown — the invitee page's panel, and the directory's chips and filter — from the
 * vocabularies of ./types (client-safe: no server imports).
 */
import { FOLLOW_UP_LABELS, TAG_COLORS, type FollowUpState, type TagColor } from "./types";

/** "Contacted on 2026-11-20", "To contact, due 2026-12-01": a follow-up in words, as a cell or a line says it. */
export function followUpWords(followUp: { state: FollowUpState; contactedOn: string | null; dueOn: string | null }): string {
  const head = followUp.state === "contacted" && followUp.contactedOn ? `Contacted on ${followUp.contactedOn}` : FOLLOW_UP_LABELS[followUp.state];
  return followUp.dueOn ? `${head}, due ${followUp.dueOn}` : head;
}

/** Chip classes per colour, light and dark: 800-ish text on 50-ish backgrounds and the reverse, each at AA contrast. */
const TAG_CHIP_CLASSES: Readonly<Record<TagColor, string>> = {
  slate: "bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600",
  blue: "bg-blue-50 text-blue-800 ring-blue-200 dark:bg-blue-950 dark:text-blue-100 dark:ring-blue-800",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800",
  amber: "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800",
  red: "bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-800",
  violet: "bg-violet-50 text-violet-800 ring-violet-200 dark:bg-violet-950 dark:text-violet-100 dark:ring-violet-800",
  pink: "bg-pink-50 text-pink-800 ring-pink-200 dark:bg-pink-950 dark:text-pink-100 dark:ring-pink-800",
  teal: "bg-teal-50 text-teal-800 ring-teal-200 dark:bg-teal-950 dark:text-teal-100 dark:ring-teal-800",
};

/** A colour the palette does not know (an older vocabulary) draws as slate rather than unstyled. */
export const chipClassOf = (color: string): string => TAG_CHIP_CLASSES[(TAG_COLORS as readonly string[]).includes(color) ? (color as TagColor) : "slate"];
