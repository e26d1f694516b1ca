/** A shared report as PDF: the link's own page printed by the server's Chromium, with the visitor's unlock cookie. */
import { internalOrigin, PDF_ORIENTATIONS, PdfUnavailableError, pdfResponse, renderPdf, type PdfOrientation } from "@/lib/export/pdf";
import { ShareRefusal, sharedRoute } from "@/lib/share/serve";
import { unlockCookie } from "@/lib/share/unlock";

export const dynamic = "force-dynamic";

export const GET = sharedRoute(async ({ request, open, token }) => {
  const asked = new URL(request.url).searchParams.get("orientation");
  const orientation: PdfOrientation = PDF_ORIENTATIONS.find((o) => o === asked) ?? "landscape";
  const cookies = open.link.passwordHash ? [unlockCookie(open.link)] : [];
  const pdf = await renderPdf({ url: `${internalOrigin(request)}/r/${token}`, cookies, orientation }).catch((error: unknown) => {
    if (error instanceof PdfUnavailableError) throw new ShareRefusal(503, "PDF_UNAVAILABLE", error.message);
    throw error;
  });
  const scope = open.scope;
  return pdfResponse(pdf, `rebate-desk-${open.report}-${scope.from}_${scope.to}.pdf`);
});
