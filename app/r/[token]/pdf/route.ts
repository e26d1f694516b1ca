/**
 * A shared report as PDF: the link's own page printed by the server's Chromium, with the visitor's
 * unlock cookie. The same view with the same "data as of" is answered from the PDF cache; renders
 * are limited per link and per address, and wait in a bounded queue (lib/export/pdf-service.ts).
 */
import { clientIp } from "@/lib/auth/rate-limit";
import { pdfFilename } from "@/lib/export/file-meta";
import { internalOrigin, PDF_ORIENTATIONS, PdfUnavailableError, pdfResponse, printUrl, renderPdf, type PdfOrientation } from "@/lib/export/pdf";
import { cachedPdf, pdfRefusal } from "@/lib/export/pdf-service";
import { coverageFor } from "@/lib/reports/coverage-sources";
import { now } from "@/lib/clock";
import { scopedParams } from "@/lib/share/answer";
import { annotationDaysOf } from "@/lib/annotations/chart-days";
import { daysAt, filtersOf } from "@/lib/share/scope";
import { ShareRefusal, sharedRoute } from "@/lib/share/serve";
import { snapshotAnswer, type Snapshot } from "@/lib/share/snapshot";
import { unlockCookie } from "@/lib/share/unlock";
import { recordShareVisit } from "@/lib/share/view-log";
import { dataAsOfIn } from "@/lib/sync/engine";
import { annotationsVersion, linkAnnotations } from "@/lib/annotations/share";

export const dynamic = "force-dynamic";

export const GET = sharedRoute(async ({ request, db, open, token }) => {
  const asked = new URL(request.url).searchParams.get("orientation");
  const orientation: PdfOrientation = PDF_ORIENTATIONS.find((o) => o === asked) ?? "landscape";
  const cookies = open.link.passwordHash ? [unlockCookie(open.link)] : [];
  const { asOf } = await dataAsOfIn(db, open.link.connectionId);
  const notes = await linkAnnotations(db, open.link, open.report, { ...open.scope, ...annotationDaysOf(open.report, open.scope, now()) });
  const outcome = await cachedPdf({
    // The link fixes the view (scope, redaction, label); the warehouse's progress and its notes' edits change it.
    key: JSON.stringify(["share", open.link.id, orientation, asOf, annotationsVersion(notes)]),
    limits: [
      { per: "link", id: open.link.id },
      { per: "address", id: clientIp(request.headers) },
    ],
    render: () => renderPdf({ url: printUrl(internalOrigin(request), token, open.link.mode), cookies, orientation }),
  }).catch((error: unknown) => {
    if (error instanceof PdfUnavailableError) throw new ShareRefusal(503, "PDF_UNAVAILABLE", error.message);
    throw error;
  });
  if (!outcome.ok) return pdfRefusal(outcome);
  // A snapshot's figures are as of its creation; a live link's as of the warehouse now.
  type Frozen = { dataAsOf?: number | null; coverage?: { note?: string } };
  const frozen = open.link.mode === "snapshot" ? (snapshotAnswer(open.link.snapshot as Snapshot, "") as Frozen | undefined) : undefined;
  const at = now();
  const live = frozen ? null : await coverageFor(db, open.link.connectionId, open.report, filtersOf(scopedParams(open, new URLSearchParams(), at), at, open.scope));
  const figures = frozen ? { asOf: frozen.dataAsOf ?? null, partial: Boolean(frozen.coverage?.note) } : { asOf: live?.asOf ?? asOf, partial: Boolean(live?.note) };
  await recordShareVisit(db, open.link.id, "pdf", request.headers);
  return pdfResponse(outcome.pdf, pdfFilename({ report: open.report, range: daysAt(open.scope, at), ...figures }, orientation));
});
