/**
 * The work log's `detail` per action, and each row in one sentence for the
 * invitee page's history. The detail keeps the before and after (a note's old
 * and new text, the tags added and removed, the previous follow-up), so the
 * log answers "who changed what" on its own; the sentence stays short and
 * never repeats a note's text.
 */
import { FOLLOW_UP_LABELS, type FollowUpState, type WorkAction } from "./types";

export interface FollowUpDetail {
  state: FollowUpState;
  contactedOn: string | null;
  dueOn: string | null;
}

export type WorkDetail =
  | { action: "note.create"; noteId: string; body: string }
  | { action: "note.update"; noteId: string; before: string; after: string }
  | { action: "note.delete"; noteId: string; body: string; authorEmail: string }
  | { action: "tags.set"; added: string[]; removed: string[] }
  | { action: "tags.bulk"; added: string[]; removed: string[] }
  | { action: "follow_up.set"; before: FollowUpDetail | null; after: FollowUpDetail }
  | { action: "follow_up.clear"; before: FollowUpDetail }
  | { action: "tag.create"; tagId: string; name: string; color: string }
  | { action: "tag.update"; tagId: string; before: { name: string; color: string }; after: { name: string; color: string } }
  | { action: "tag.merge"; from: { id: string; name: string }; into: { id: string; name: string }; moved: number }
  | { action: "tag.delete"; tagId: string; name: string; color: string; invitees: number };

/** The detail without its action (the log row's `action` column holds it). */
export type DetailOf<A extends WorkAction> = Omit<Extract<WorkDetail, { action: A }>, "action">;

const list = (names: readonly string[]) => names.join(", ");

function followUpWords(f: FollowUpDetail): string {
  const parts = [FOLLOW_UP_LABELS[f.state] ?? f.state];
  if (f.contactedOn) parts.push(`contacted ${f.contactedOn}`);
  if (f.dueOn) parts.push(`due ${f.dueOn}`);
  return parts.join(", ");
}

function tagChangeWords(added: readonly string[], removed: readonly string[], bulk: boolean): string {
  const parts: string[] = [];
  if (added.length > 0) parts.push(`Tagged ${list(added)}`);
  if (removed.length > 0) parts.push(parts.length > 0 ? `removed ${list(removed)}` : `Removed ${list(removed)}`);
  const words = parts.length > 0 ? parts.join("; ") : "Tags unchanged";
  return bulk ? `${words} (bulk)` : words;
}

/** One sentence for a log row. A detail of an unexpected shape (an older format) still gets a plain sentence. */
export function summarize(detail: WorkDetail): string {
  switch (detail.action) {
    case "note.create":
      return "Added a note";
    case "note.update":
      return "Edited a note";
    case "note.delete":
      return `Deleted a note by ${detail.authorEmail}`;
    case "tags.set":
      return tagChangeWords(detail.added, detail.removed, false);
    case "tags.bulk":
      return tagChangeWords(detail.added, detail.removed, true);
    case "follow_up.set":
      return detail.before ? `Follow-up changed from ${followUpWords(detail.before)} to ${followUpWords(detail.after)}` : `Follow-up set: ${followUpWords(detail.after)}`;
    case "follow_up.clear":
      return `Follow-up cleared (was ${followUpWords(detail.before)})`;
    case "tag.create":
      return `Created tag ${detail.name} (${detail.color})`;
    case "tag.update": {
      const changes: string[] = [];
      if (detail.before.name !== detail.after.name) changes.push(`renamed tag ${detail.before.name} to ${detail.after.name}`);
      if (detail.before.color !== detail.after.color) changes.push(`${changes.length > 0 ? "colour" : `tag ${detail.after.name}'s colour`} ${detail.before.color} → ${detail.after.color}`);
      const words = changes.length > 0 ? changes.join("; ") : `tag ${detail.after.name} unchanged`;
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
    case "tag.merge":
      return `Merged tag ${detail.from.name} into ${detail.into.name} (${detail.moved} ${detail.moved === 1 ? "invitee" : "invitees"} moved)`;
    case "tag.delete":
      return `Deleted tag ${detail.name} (carried by ${detail.invitees} ${detail.invitees === 1 ? "invitee" : "invitees"})`;
  }
}

/** A stored row's sentence: its action column and its detail as read back (jsonb, so unknown). */
export function summarizeRow(action: string, detail: unknown): string {
  if (detail === null || typeof detail !== "object" || Array.isArray(detail)) return action;
  try {
    const sentence = summarize({ ...(detail as Record<string, unknown>), action } as WorkDetail);
    return typeof sentence === "string" ? sentence : action;
  } catch {
    return action; // a detail missing a field the sentence reads
  }
}
