/**
 * A shared report (/r/<token>), for people without an account: the link's
 * report, read-only, with its scope and freshness in the header and nothing
 * else of the app. The token is checked here and again by every data request
 * the page makes (lib/share/serve.ts), where the scope is enforced.
 */
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { SharePasswordForm } from "@/components/share/password-form";
import { ReportPdfHeader, SharedHeader } from "@/components/share/shared-header";
import { TooManyShareRequests } from "@/components/share/too-many-requests";
import { clientIp } from "@/lib/auth/rate-limit";
import { getDb } from "@/lib/db/client";
import { REPORT_TITLES } from "@/lib/reports/names";
import { describeScope } from "@/lib/reports/scope-label";
import { shareGuessLimiter } from "@/lib/share/guess-limit";
import { recordShareView, resolveShareToken } from "@/lib/share/store";
import { maskUidFor, unlockCookieName } from "@/lib/share/token";
import { isUnlocked } from "@/lib/share/unlock";
import { SharedReportView } from "./views";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Shared report",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

type PageProps = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SharedReportPage({ params, searchParams }: PageProps) {
  const { token } = await params;
  // The server's PDF renders this page with ?print=pdf: paged tables then print every row.
  const printAll = (await searchParams).print === "pdf";
  const db = await getDb();
  // Counted like every shared route: past the limit, no token is looked at (lib/share/guess-limit.ts).
  const lookup = await shareGuessLimiter().lookup(clientIp(await headers()), () => resolveShareToken(db, token));
  if (lookup.throttled) return <TooManyShareRequests />;
  const open = lookup.found;
  if (!open) notFound();
  const { link, scope, report } = open;
  if (!isUnlocked(link, (await cookies()).get(unlockCookieName(link.id))?.value)) {
    return <SharePasswordForm token={token} />;
  }
  await recordShareView(db, link.id);
  const title = REPORT_TITLES[report];
  const scopeText = describeScope(scope, link.redactUids ? { report, maskUid: maskUidFor(link.id) } : { report });
  const shared = { token, mode: link.mode, redactUids: link.redactUids, percentages: link.percentages, printAll };
  if (link.internal) {
    // The app's own "Download PDF" prints through an internal link: the report as its owner sees it, never called shared.
    return (
      <div className="mx-auto w-full max-w-7xl flex-1 space-y-6 p-4 sm:p-8 print:space-y-4 print:p-0">
        <ReportPdfHeader title={title} scope={scopeText} />
        <SharedReportView report={report} title={title} scope={scopeText} shared={shared} />
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-7xl flex-1 space-y-6 p-4 sm:p-8 print:space-y-4 print:p-0">
      <SharedHeader
        label={link.label}
        title={title}
        scope={scopeText}
        mode={link.mode}
        createdAt={link.createdAt.getTime()}
        expiresAt={link.expiresAt?.getTime() ?? null}
        redactUids={link.redactUids}
        percentages={link.percentages}
        pdfHref={`/r/${token}/pdf`}
      />
      <SharedReportView
        report={report}
        title={`${title} — ${link.label}`}
        scope={scopeText}
        shared={shared}
      />
    </div>
  );
}
