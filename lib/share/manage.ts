/**
 * The management side of share links, for the API routes: the create request
 * (the view's own query string, locked here into a scope), and the list as the
 * Reports page shows it (state, scope in words, the link for those who manage it).
 */
import "server-only";
import { z } from "zod";
import { MAX_PASSWORD_BYTES } from "../auth/password";
import { ApiError } from "../api/errors";
import { hasRole, type Role } from "../auth/roles";
import type { Db } from "../db/client";
import { SHARE_MODES } from "../db/schema";
import { parseReportFilters } from "../reports/filters";
import { isReportName, REPORT_NAMES } from "../reports/names";
import { canManageLink, EXPIRY_CHOICES, linkState } from "./access";
import { now as clockNow } from "../clock";
import { embedOriginsSchema } from "./embed-origins";
import { SHARE_DATES } from "./rolling";
import { describeShareScope, scopeFromFilters, scopeParams, shareScopeSchema } from "./scope";
import { storedLinkSentence } from "./link-summary";
import { createShareLink, listShareLinks } from "./store";
import { savedViewIdSchema } from "../saved-views/inputs";
import { tokenForLink } from "./token";
import { checkLinkAnnotations, chosenAnnotationIds, keepLinkAnnotations, linkAnnotationIdsSchema } from "../annotations/share";
import { chartScopeOf } from "../annotations/types";

export const newShareLinkSchema = z.object({
  report: z.enum(REPORT_NAMES),
  /** The view's search parameters, exactly as in its URL. */
  query: z.string().max(2000).default(""),
  mode: z.enum(SHARE_MODES),
  /** Fixed: the view's days as they are now. Rolling: the last as many days up to each viewer's now (live links only). */
  dates: z.enum(SHARE_DATES).default("fixed"),
  expiry: z.enum(EXPIRY_CHOICES),
  password: z
    .string()
    .min(8, "a link password needs at least 8 characters")
    .refine((p) => Buffer.byteLength(p, "utf8") <= MAX_PASSWORD_BYTES, `at most ${MAX_PASSWORD_BYTES} bytes`)
    .optional(),
  redactUids: z.boolean().default(false),
  percentages: z.boolean().default(false),
  label: z.string().trim().min(1, "give the link a label").max(120),
  /** Sites that may show the link in a frame; none by default. */
  embedOrigins: embedOriginsSchema,
  /** The saved view it is made from (checked by the route: one the person sees, of this report). */
  savedViewId: savedViewIdSchema.optional(),
  /** The view's annotations the creator ticked for the link to show; none by default (lib/annotations/share.ts). */
  annotationIds: linkAnnotationIdsSchema.default([]),
});
export type NewShareLinkRequest = z.output<typeof newShareLinkSchema>;

export const sharePathOf = (id: string) => `/r/${tokenForLink(id)}`;

export async function createShareLinkFromView(db: Db, body: NewShareLinkRequest, connectionId: string, user: { id: string; email: string }) {
  if (body.dates === "rolling" && body.mode === "snapshot") throw new ApiError(400, "BAD_REQUEST", "dates: a snapshot is frozen, so its dates are fixed");
  const at = clockNow();
  const filters = parseReportFilters(new URLSearchParams(body.query), at);
  const scope = scopeFromFilters(filters, body.dates);
  // A detail page is one invitee's: its link is locked to that uid, so a view without one cannot be shared.
  if (body.report === "invitee" && !scope.uid) throw new ApiError(400, "BAD_REQUEST", "uid: an invitee's page is shared with its uid");
  // Browsers keep the unlock cookie out of another site's frame, so a password link could never open there.
  if (body.password && body.embedOrigins.length > 0) throw new ApiError(400, "BAD_REQUEST", "embedOrigins: a link with a password cannot be embedded on other sites");
  const notes = await checkLinkAnnotations(db, connectionId, body.annotationIds, chartScopeOf(body.report, scope));
  const { link } = await createShareLink(db, {
    connectionId,
    report: body.report,
    scope,
    mode: body.mode,
    expiry: body.expiry,
    password: body.password,
    redactUids: body.redactUids,
    percentages: body.percentages,
    label: body.label,
    embedOrigins: body.embedOrigins,
    savedViewId: body.savedViewId ?? null,
    user,
  });
  await keepLinkAnnotations(db, link.id, notes.map((n) => n.id));
  return {
    id: link.id,
    path: sharePathOf(link.id),
    scope: describeShareScope(scope, at, { report: body.report }),
    dates: body.dates,
    expiresAt: link.expiresAt?.getTime() ?? null,
    summary: storedLinkSentence({ ...link, hasPassword: link.passwordHash !== null }, at),
  };
}

/** The Reports page's list: every link for an admin, a user's own links for anyone else (labels, scopes and e-mails are theirs). */
export async function shareLinkList(db: Db, user: { id: string; role: Role }, now = clockNow()) {
  const rows = await listShareLinks(db, hasRole(user.role, "admin") ? {} : { createdBy: user.id });
  const chosenNotes = await chosenAnnotationIds(db, rows.map((row) => row.id));
  return rows.map((row) => {
    const scope = shareScopeSchema.safeParse(row.scope);
    const manageable = canManageLink(user, row);
    return {
      id: row.id,
      report: row.report,
      connectionId: row.connectionId,
      label: row.label,
      mode: row.mode,
      scope: scope.success ? describeShareScope(scope.data, now, isReportName(row.report) ? { report: row.report } : {}) : "(unreadable scope)",
      /** Old rows without the mode are fixed. */
      dates: scope.success && scope.data.rollingDays !== undefined ? ("rolling" as const) : ("fixed" as const),
      state: linkState(row, now),
      summary: storedLinkSentence(row, now),
      hasPassword: row.hasPassword,
      redactUids: row.redactUids,
      percentages: row.percentages,
      embedOrigins: row.embedOrigins,
      /** The notes the link shows (lib/annotations/share.ts), and its view's query now: the edit form lists that view's notes. */
      annotationIds: chosenNotes.get(row.id) ?? [],
      viewQuery: scope.success ? scopeParams(scope.data, now).toString() : "",
      createdByEmail: row.createdByEmail,
      createdAt: row.createdAt.getTime(),
      expiresAt: row.expiresAt?.getTime() ?? null,
      viewCount: row.viewCount,
      /** "From view X": the saved view's name, "" for a view since deleted, null when made from a page. */
      fromView: row.savedViewId === null ? null : (row.savedViewName ?? ""),
      lastViewedAt: row.lastViewedAt?.getTime() ?? null,
      canManage: manageable,
      // Only those who manage a link get its URL back (it is re-derived, never stored).
      path: manageable && !row.revokedAt ? sharePathOf(row.id) : null,
    };
  });
}
export type ShareLinkListItem = Awaited<ReturnType<typeof shareLinkList>>[number];
