/**
 * The invitee-work API's answers and its fixed vocabularies (issue #27): the
 * contract the invitee page's panel, the tag settings and the directory's bulk
 * tagging are built against. Browser-safe: types and constants only, no server
 * or zod import (the input schemas are in ./inputs.ts).
 */

/** The tag palette: the UI maps each name to its own classes. */
export const TAG_COLORS = ["slate", "blue", "green", "amber", "red", "violet", "pink", "teal"] as const;
export type TagColor = (typeof TAG_COLORS)[number];
/** The colour of a tag created by naming it on an invitee. */
export const DEFAULT_TAG_COLOR: TagColor = "slate";

export const FOLLOW_UP_STATES = ["to_contact", "contacted", "replied", "not_interested"] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];
export const FOLLOW_UP_LABELS: Readonly<Record<FollowUpState, string>> = {
  to_contact: "To contact",
  contacted: "Contacted",
  replied: "Replied",
  not_interested: "Not interested",
};

export const WORK_ACTIONS = [
  "note.create",
  "note.update",
  "note.delete",
  "tags.set",
  "tags.bulk",
  "follow_up.set",
  "follow_up.clear",
  "tag.create",
  "tag.update",
  "tag.merge",
  "tag.delete",
] as const;
export type WorkAction = (typeof WORK_ACTIONS)[number];

export const NOTE_MAX_CHARS = 4000;
export const TAG_NAME_MAX_CHARS = 40;
export const TAGS_PER_INVITEE_MAX = 20;
export const BULK_UIDS_MAX = 10_000;
/** How many log rows GET …/work answers (newest first). */
export const HISTORY_LIMIT = 50;

export interface Note {
  id: string;
  body: string;
  authorEmail: string;
  /** ISO 8601 instants. */
  createdAt: string;
  updatedAt: string;
  /** Who last edited it; null while it is as written. */
  updatedByEmail: string | null;
  /** Whether the requesting user may edit or delete it (its author, or an admin). */
  editable: boolean;
}

export interface Tag {
  id: string;
  name: string;
  color: TagColor;
}

/** A vocabulary entry with the number of invitees carrying it. */
export type TagWithCount = Tag & { invitees: number };

export interface FollowUp {
  state: FollowUpState;
  /** YYYY-MM-DD (UTC calendar days). */
  contactedOn: string | null;
  dueOn: string | null;
  updatedAt: string;
  updatedByEmail: string;
}

export interface LogEntry {
  id: string;
  action: WorkAction;
  actorEmail: string;
  at: string;
  /** One sentence in words, e.g. "Tagged vip, whale; removed dormant". */
  summary: string;
}

// The routes' answers.
export interface NotesAnswer {
  notes: Note[];
}
export interface TagsAnswer {
  tags: Tag[];
}
export interface FollowUpAnswer {
  followUp: FollowUp | null;
}
export interface WorkAnswer {
  notes: Note[];
  tags: Tag[];
  followUp: FollowUp | null;
  history: LogEntry[];
}
export interface VocabularyAnswer {
  tags: TagWithCount[];
}
export interface BulkTagsAnswer {
  /** Invitees whose tags changed (each has one tags.bulk log row). */
  invitees: number;
  /** Assignments made and removed. */
  added: number;
  removed: number;
}

/**
 * The directory's filters on the team's own records (URL parameters of the invitees view). Never a share link's or a
 * digest's: their scope lets only its own keys through (lib/share/scope.ts), so a viewer cannot learn who carries a tag.
 */
export const TEAM_FILTER_KEYS = ["tag", "followUp"] as const;
/**
 * The directory's orders by the team's own records (its `sort` values; like the filters, never a share link's: a
 * viewer sorting by tags would learn who carries one). Tags: by the invitee's tag names A → Z (untagged last);
 * follow-up: to contact, contacted, replied, not interested, each by its due day, soonest first (none last).
 */
export const TEAM_SORTS = ["tags", "followUp"] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];
export const TEAM_SORT_LABELS: Readonly<Record<TeamSort, string>> = { tags: "Tags, A → Z", followUp: "Follow-up, to contact first" };
export const isTeamSort = (value: string): value is TeamSort => (TEAM_SORTS as readonly string[]).includes(value);
/** A follow-up state, "none" (no follow-up set), or "due" (a due day today or before, UTC, of any state). */
export const FOLLOW_UP_FILTERS = [...FOLLOW_UP_STATES, "none", "due"] as const;
export type FollowUpFilter = (typeof FOLLOW_UP_FILTERS)[number];
export const FOLLOW_UP_FILTER_LABELS: Readonly<Record<FollowUpFilter, string>> = { ...FOLLOW_UP_LABELS, none: "No follow-up", due: "Due today or overdue" };
