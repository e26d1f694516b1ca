/**
 * One page of a change log as the API answers it and the Change log page shows it: each entry already in words (what
 * it concerns, which fields changed), so the page and any other reader say the same. Pure: safe anywhere.
 */
import type { AnnotationFields } from "@/lib/annotations/types";
import { exactAmount } from "@/lib/format/amount";
import { formatDecimal } from "@/lib/format/decimal";

export type ChangeAction = "create" | "update" | "delete";

/** One field of an edit, named in words ("Amount"), with its value before and after. */
export interface FieldChange {
  field: string;
  from: string | null;
  to: string | null;
}

export interface ChangeLogEntry {
  id: string;
  at: number;
  byEmail: string;
  action: ChangeAction;
  /** The note or cost, as it read after the change (before it, for a delete). */
  concerns: string;
  /** An edit's changed fields; empty for a create or delete (`concerns` says it all). */
  changes: FieldChange[];
}

export interface ChangeLogPage {
  entries: ChangeLogEntry[];
  /** The cursor for the next, older page; null when there is none. */
  older: string | null;
}

const ANNOTATION_FIELD_WORDS: Record<keyof AnnotationFields, string> = { day: "Day", text: "Text", inviteCode: "Invite code", subAffiliateUid: "Sub-affiliate" };
const COST_FIELD_WORDS: Record<string, string> = { day: "Day", amount: "Amount", coin: "Coin", note: "Note" };

/** "2026-11-02 “Campaign launched” (invite code AAA)". */
export function annotationWords(note: AnnotationFields): string {
  const ties = [note.inviteCode ? `invite code ${note.inviteCode}` : "", note.subAffiliateUid ? `sub-affiliate ${note.subAffiliateUid}` : ""].filter(Boolean);
  return `${note.day} “${note.text}”${ties.length ? ` (${ties.join(", ")})` : ""}`;
}

/** An annotation edit's changed fields, in words. */
export function annotationFieldChanges(before: AnnotationFields | null, after: AnnotationFields | null): FieldChange[] {
  if (!before || !after) return [];
  return (Object.keys(ANNOTATION_FIELD_WORDS) as Array<keyof AnnotationFields>)
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field: ANNOTATION_FIELD_WORDS[field], from: before[field], to: after[field] }));
}

export type CostFields = Partial<Record<"day" | "amount" | "coin" | "note", string>>;

/** "APITEST1 · 2026-10-01 · 1,250.5 USDT “banner”": the amount exact (every significant digit, as stored), grouped. */
export function costWords(inviteCode: string, cost: CostFields): string {
  const parts = [inviteCode, cost.day, cost.amount !== undefined ? exactAmount(cost.amount, cost.coin) : undefined].filter(Boolean);
  return `${parts.join(" · ")}${cost.note ? ` “${cost.note}”` : ""}`;
}

export const costFieldWords = (field: string): string => COST_FIELD_WORDS[field] ?? field;

/** A cost's logged change in words: the field's name, and an amount's sides grouped as costWords writes them. */
export function costFieldChange(change: FieldChange): FieldChange {
  const grouped = (value: string | null) => (value === null ? null : formatDecimal(value));
  return change.field === "amount"
    ? { field: costFieldWords(change.field), from: grouped(change.from), to: grouped(change.to) }
    : { ...change, field: costFieldWords(change.field) };
}

/** "Text “a” → “b”"; an empty side reads "none" (a tie removed, a note emptied). */
export function fieldChangeWords(change: FieldChange): string {
  const side = (value: string | null) => (value === null || value === "" ? "none" : `“${value}”`);
  return `${change.field} ${side(change.from)} → ${side(change.to)}`;
}

export const ACTION_WORDS: Record<ChangeAction, string> = { create: "created", update: "changed", delete: "deleted" };
