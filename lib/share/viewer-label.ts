/**
 * A link's label as its viewers read it. The label is the owner's words, and an
 * invitee's or sub-affiliate's page proposes one with the uid in it ("Invitee
 * 3770640658"): on a link that masks uids, the uids its scope is locked to are
 * replaced by the link's pseudonyms, as everywhere else the viewer looks
 * (heading, data, CSV, PDF). The owner's own list keeps the label as written.
 */
import type { ShareScope } from "./scope";
import { maskUidFor } from "./token";

export function viewerLabel(link: { id: string; label: string; redactUids: boolean }, scope: Pick<ShareScope, "uid" | "sub">): string {
  if (!link.redactUids) return link.label;
  const mask = maskUidFor(link.id);
  let label = link.label;
  for (const uid of [scope.uid, scope.sub]) if (uid) label = label.split(uid).join(mask(uid));
  return label;
}

/**
 * The heading of a shared view: the report's title and the link's label, once. Labels are often proposed from the
 * title ("Overview for partner - Nov"), and "Overview: Overview for partner - Nov" says it twice: a label that
 * already begins with the report's title stands alone.
 */
export function sharedHeading(title: string, label: string): string {
  const words = (s: string) => s.trim().toLowerCase();
  if (label.trim() === "") return title;
  return words(label).startsWith(words(title)) ? label.trim() : `${title}: ${label}`;
}
