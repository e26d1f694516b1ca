/**
 * The management side of share links, for the API routes: the create request
 * (the view's own query string, locked here into a scope), and the list as the
 * Reports page shows it (state, scope in words, the link for those who manage it).
 */
import "server-only";
import { z } from "zod";
import { MAX_PASSWORD_BYTES } from "../auth/password";
import { ApiError } from "../api/route";
import { hasRole, type Role } from "../auth/roles";
import type { Db } from "../db/client";
import { SHARE_MODES } from "../db/schema";
import { parseReportFilters } from "../reports/filters";
import { isReportName, REPORT_NAMES } from "../reports/names";
import { describeScope } from "../reports/scope-label";
import { canManageLink, EXPIRY_CHOICES, linkState } from "./access";
import { scopeFromFilters, shareScopeSchema } from "./scope";
import { storedLinkSentence } from "./link-summary";
import { createShareLink, listShareLinks } from "./store";
import { tokenForLink } from "./token";

export const newShareLinkSchema = z.object({
  report: z.enum(REPORT_NAMES),
  /** The view's search parameters, exactly as in its URL. */
  query: z.string().max(2000).default(""),
  mode: z.enum(SHARE_MODES),
  expiry: z.enum(EXPIRY_CHOICES),
  password: z
    .string()
    .min(8, "a link password needs at least 8 characters")
    .refine((p) => Buffer.byteLength(p, "utf8") <= MAX_PASSWORD_BYTES, `at most ${MAX_PASSWORD_BYTES} bytes`)
    .optional(),
  redactUids: z.boolean().default(false),
  percentages: z.boolean().default(false),
  label: z.string().trim().min(1, "give the link a label").max(120),
});
export type NewShareLinkRequest = z.output<typeof newShareLinkSchema>;

export const sharePathOf = (id: string) => `/r/${tokenForLink(id)}`;

export async function createShareLinkFromView(db: Db, body: NewShareLinkRequest, connectionId: string, user: { id: string; email: string }) {
  const filters = parseReportFilters(new URLSearchParams(body.query));
  const scope = scopeFromFilters(filters);
  // A detail page is one invitee's: its link is locked to that uid, so a view without one cannot be shared.
  if (body.report === "invitee" && !scope.uid) throw new ApiError(400, "BAD_REQUEST", "uid: an invitee's page is shared with its uid");
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
    user,
  });
  return {
    id: link.id,
    path: sharePathOf(link.id),
    scope: describeScope(scope, { report: body.report }),
    expiresAt: link.expiresAt?.getTime() ?? null,
    summary: storedLinkSentence({ ...link, hasPassword: link.passwordHash !== null }),
  };
}

/** The Reports page's list: every link for an admin, a user's own links for anyone else (labels, scopes and e-mails are theirs). */
export async function shareLinkList(db: Db, user: { id: string; role: Role }, now = new Date()) {
  const rows = await listShareLinks(db, hasRole(user.role, "admin") ? {} : { createdBy: user.id });
  return rows.map((row) => {
    const scope = shareScopeSchema.safeParse(row.scope);
    const manageable = canManageLink(user, row);
    return {
      id: row.id,
      report: row.report,
      connectionId: row.connectionId,
      label: row.label,
      mode: row.mode,
      scope: scope.success ? describeScope(scope.data, isReportName(row.report) ? { report: row.report } : {}) : "(unreadable scope)",
      state: linkState(row, now),
      summary: storedLinkSentence(row, now),
      hasPassword: row.hasPassword,
      redactUids: row.redactUids,
      percentages: row.percentages,
      createdByEmail: row.createdByEmail,
      createdAt: row.createdAt.getTime(),
      expiresAt: row.expiresAt?.getTime() ?? null,
      viewCount: row.viewCount,
      lastViewedAt: row.lastViewedAt?.getTime() ?? null,
      canManage: manageable,
      // Only those who manage a link get its URL back (it is re-derived, never stored).
      path: manageable && !row.revokedAt ? sharePathOf(row.id) : null,
    };
  });
}
export type ShareLinkListItem = Awaited<ReturnType<typeof shareLinkList>>[number];
