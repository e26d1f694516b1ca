/**
 * A report view as PDF (analyst): the server makes a short-lived internal
 * share link of exactly this view, prints its page with Chromium, and deletes
 * the link. Same filters as the view, and its table's sort and search (?orientation=portrait|landscape too).
 * The same view with the same "data as of" is answered from the PDF cache (per
 * user: the page's header names who asked); renders are limited per user and per
 * address and wait in a bounded queue (lib/export/pdf-service.ts).
 */
import { z } from "zod";
import { ApiError, apiRoute } from "@/lib/api/route";
import { clientIp } from "@/lib/auth/rate-limit";
import { getDb } from "@/lib/db/client";
import { connectionForRequest } from "@/lib/exchange/selection";
import { pdfFilename } from "@/lib/export/file-meta";
import { internalOrigin, PDF_ORIENTATIONS, PdfUnavailableError, pdfResponse, printUrl, renderPdf, tableOrderOf } from "@/lib/export/pdf";
import { cachedPdf, pdfRefusal } from "@/lib/export/pdf-service";
import { coverageFor } from "@/lib/reports/coverage-sources";
import { isReportName } from "@/lib/reports/names";
import { usableReportFilters } from "@/lib/reports/strict-params";
import { scopeFromFilters } from "@/lib/share/scope";
import { createShareLink, deleteInternalShareLinks } from "@/lib/share/store";
import { dataAsOfIn } from "@/lib/sync/engine";
import { annotationsVersion, forgetLinkAnnotations, keepLinkAnnotations } from "@/lib/annotations/share";
import { listAnnotations } from "@/lib/annotations/store";
import { chartScopeOf } from "@/lib/annotations/types";
import { annotationDaysOf } from "@/lib/annotations/chart-days";
import { now } from "@/lib/clock";
import { campaignCostsVersion } from "@/lib/campaign-costs/printed";

export const dynamic = "force-dynamic";

const INTERNAL_LINK_MS = 5 * 60_000;

export const GET = apiRoute({ role: "analyst", query: z.object({ orientation: z.enum(PDF_ORIENTATIONS).default("landscape") }).passthrough() }, async ({ request, params, user, query }) => {
  const report = String(params.report ?? "");
  if (!isReportName(report)) throw new ApiError(404, "NOT_FOUND", "no such report");
  const filters = usableReportFilters(report, new URL(request.url).searchParams);
  const order = tableOrderOf(new URL(request.url).searchParams);
  const connection = await connectionForRequest(request);
  const db = await getDb();
  const scope = scopeFromFilters(filters);
  const { asOf } = await dataAsOfIn(db, connection.id);
  // The view as its owner sees it: every annotation its charts show (part of the cache key, as they change it).
  // The Overview's forecast chart runs to the period's end: its notes of the days still to come print too.
  const notes = await listAnnotations(db, connection.id, chartScopeOf(report, { ...scope, ...annotationDaysOf(report, scope, now()) }));
  // Invite codes prints the team's campaign costs too: a cost changed since makes another PDF.
  const costs = report === "invite-codes" ? await campaignCostsVersion(db, connection.id) : null;
  /** Prints the view through a short-lived internal link, deleted afterwards. */
  const render = async (): Promise<Buffer> => {
    const { link, token } = await createShareLink(db, {
      connectionId: connection.id,
      report,
      scope,
      mode: "live",
      expiry: "1d",
      expiresAt: new Date(Date.now() + INTERNAL_LINK_MS),
      redactUids: false,
      percentages: false,
      label: `PDF for ${user.email}`,
      internal: true,
      user,
    });
    try {
      await keepLinkAnnotations(db, link.id, notes.map((n) => n.id));
      return await renderPdf({ url: printUrl(internalOrigin(request), token, "live", order), orientation: query.orientation });
    } finally {
      await forgetLinkAnnotations(db, link.id);
      await deleteInternalShareLinks(db, link.id);
    }
  };
  try {
    const outcome = await cachedPdf({
      key: JSON.stringify(["view", user.id, connection.id, report, scope, order.toString(), query.orientation, asOf, annotationsVersion(notes), costs]),
      limits: [
        { per: "user", id: user.id },
        { per: "address", id: clientIp(request.headers) },
      ],
      render,
    });
    if (!outcome.ok) return pdfRefusal(outcome);
    // Named like the page's own figures: their "data as of", and `_partial` when the range is not all synced.
    const coverage = await coverageFor(db, connection.id, report, filters);
    return pdfResponse(outcome.pdf, pdfFilename({ report, range: filters.range, asOf: coverage.asOf, partial: coverage.note !== "" }, query.orientation));
  } catch (error) {
    if (error instanceof PdfUnavailableError) throw new ApiError(503, "PDF_UNAVAILABLE", error.message);
    throw error;
  }
});
