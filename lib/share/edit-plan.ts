/**
 * Editing a share link after it was made, decided by one pure function: what
 * an edit may change, what it changes (in words, for the change log), and what
 * it may not. Browser-safe (the change log's types are the Reports page's too).
 *
 * The rules:
 * - label, expiry (from now, or through the end of a chosen UTC day, or never),
 *   password (set, change, remove: a new password also ends every viewer's unlock), pause/resume and
 *   the origins that may embed it (the list replaced as a whole, checked as at creation);
 * - a link is either embedded or has a password, never both: a frame on another site never carries
 *   the unlock cookie. Removing every origin makes room for a password again;
 * - masking and percentages are never loosened: a recipient may already hold the link, and a
 *   link that promised masked uids or shares only must keep that promise (make a new link);
 * - tightening is allowed where it is safe: percentages always (amounts and CSV exports are
 *   withheld when the link is served), masking on live links (masked when served); a snapshot
 *   froze its CSV files with the uids in them, so its masking cannot be added afterwards.
 */
import { formatUtcMinute } from "../format/time";
import { expiryFrom, linkState, type ExpiryChoice, type LinkLifecycle } from "./access";
import { checkEmbedOrigins, sameOrigins } from "./embed-origins";

// "annotations": a note the link shows was edited or deleted in the app (lib/annotations/store.ts).
export const CHANGE_FIELDS = ["label", "expiry", "password", "state", "uids", "amounts", "embedding", "annotations"] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];
/** One change in words: `label "Q3" → "Q3 for Alice"`, `password set → changed`. */
export interface ChangeEntry {
  field: ChangeField;
  from: string;
  to: string;
}

export interface ShareLinkEdit {
  label?: string | undefined;
  /** From now. */
  expiry?: ExpiryChoice | undefined;
  /** "YYYY-MM-DD": the link opens through the end of that day (UTC). */
  expiresOn?: string | undefined;
  /** A new password (set or change), or null to remove it. */
  password?: string | null | undefined;
  paused?: boolean | undefined;
  redactUids?: boolean | undefined;
  percentages?: boolean | undefined;
  /** The origins that may embed the link from now on, as given (checked here); [] stops embedding. */
  embedOrigins?: readonly string[] | undefined;
}

export interface EditableLink extends LinkLifecycle {
  label: string;
  mode: "live" | "snapshot";
  passwordHash: string | null;
  redactUids: boolean;
  percentages: boolean;
  /** Sites allowed to frame the link (lib/share/embed-origins.ts). */
  embedOrigins: readonly string[];
}

/** What the row gets; `passwordHash` is decided by the caller (hashing is not pure). */
export interface LinkUpdate {
  label?: string;
  expiresAt?: Date | null;
  pausedAt?: Date | null;
  redactUids?: boolean;
  percentages?: boolean;
  embedOrigins?: string[];
}

export type EditPlan = { ok: true; update: LinkUpdate; changes: ChangeEntry[] } | { ok: false; status: number; code: string; msg: string };

export const expiryWords = (at: Date | null) => (at === null ? "never" : `${formatUtcMinute(at.getTime())} (UTC)`);

/** The instant a link chosen to open "through" a day stops: the next day's midnight, UTC. Null when not a real date. */
export function endOfUtcDay(day: string): Date | null {
  const start = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day) return null;
  return new Date(start.getTime() + 86_400_000);
}

/** A list of origins in the change log's words: "none", or the origins joined by ", " (an origin holds no comma). */
export const originsWords = (origins: readonly string[]) => (origins.length === 0 ? "none" : origins.join(", "));

const refuse = (status: number, code: string, msg: string): EditPlan => ({ ok: false, status, code, msg });

export function planShareLinkEdit(link: EditableLink, edit: ShareLinkEdit, now: Date): EditPlan {
  if (link.revokedAt) return refuse(409, "REVOKED", "the link is revoked: it can no longer be changed");
  const update: LinkUpdate = {};
  const changes: ChangeEntry[] = [];

  if (edit.redactUids === false && link.redactUids) return refuse(409, "CANNOT_LOOSEN", "a link's masked uids cannot be shown again: make a new link instead");
  if (edit.percentages === false && link.percentages) return refuse(409, "CANNOT_LOOSEN", "a link that shows percentages cannot show amounts again: make a new link instead");
  if (edit.redactUids === true && !link.redactUids) {
    if (link.mode === "snapshot") return refuse(409, "SNAPSHOT_FROZEN", "a snapshot froze its CSV files with the uids in them: make a new link to mask them");
    update.redactUids = true;
    changes.push({ field: "uids", from: "shown", to: "masked" });
  }
  if (edit.percentages === true && !link.percentages) {
    update.percentages = true;
    changes.push({ field: "amounts", from: "amounts", to: "percentages" });
  }

  if (edit.label !== undefined && edit.label !== link.label) {
    update.label = edit.label;
    changes.push({ field: "label", from: link.label, to: edit.label });
  }

  if (edit.expiry !== undefined && edit.expiresOn !== undefined) return refuse(400, "BAD_REQUEST", "give expiry or expiresOn, not both");
  let expiresAt: Date | null | undefined;
  if (edit.expiry !== undefined) expiresAt = expiryFrom(edit.expiry, now);
  if (edit.expiresOn !== undefined) {
    expiresAt = endOfUtcDay(edit.expiresOn);
    if (!expiresAt) return refuse(400, "BAD_REQUEST", `expiresOn: ${edit.expiresOn.slice(0, 20)} is not a date`);
    if (expiresAt.getTime() <= now.getTime()) return refuse(400, "BAD_REQUEST", "expiresOn: that day is over; pause or revoke the link to close it now");
  }
  if (expiresAt !== undefined && expiresAt?.getTime() !== link.expiresAt?.getTime()) {
    update.expiresAt = expiresAt;
    changes.push({ field: "expiry", from: expiryWords(link.expiresAt), to: expiryWords(expiresAt) });
  }

  let origins = link.embedOrigins;
  if (edit.embedOrigins !== undefined) {
    const checked = checkEmbedOrigins(edit.embedOrigins);
    if (!checked.ok) return refuse(400, "BAD_REQUEST", `embedOrigins: ${checked.reason}`);
    if (!sameOrigins(checked.origins, link.embedOrigins)) {
      origins = checked.origins;
      update.embedOrigins = checked.origins;
      changes.push({ field: "embedding", from: originsWords(link.embedOrigins), to: originsWords(checked.origins) });
    }
  }

  if (edit.password === null && link.passwordHash) changes.push({ field: "password", from: "set", to: "removed" });
  // As at creation: a frame on another site never carries the unlock cookie, so a password would shut the link there.
  // Judged on the link as the edit leaves it: origins removed in the same edit make room for a password.
  if (typeof edit.password === "string" && origins.length > 0) {
    return refuse(409, "EMBEDDED", "this link is embedded on other sites, where a password could never be entered: remove its origins first, or make a new link with a password");
  }
  if (update.embedOrigins && origins.length > 0 && link.passwordHash && edit.password !== null) {
    return refuse(409, "HAS_PASSWORD", "a link with a password cannot be embedded on other sites (the frame never carries the unlock): remove the password in the same edit, or make a new link");
  }
  if (typeof edit.password === "string") changes.push({ field: "password", from: link.passwordHash ? "set" : "none", to: link.passwordHash ? "changed" : "set" });

  if (edit.paused !== undefined && edit.paused !== (link.pausedAt !== null)) {
    // From "paused" (whatever else holds it shut), to what the link now is: paused, or active — or expired, said plainly.
    const before = link.pausedAt ? "paused" : linkState(link, now);
    update.pausedAt = edit.paused ? now : null;
    changes.push({ field: "state", from: before, to: edit.paused ? "paused" : linkState({ ...link, ...update }, now) });
  }
  return { ok: true, update, changes };
}
