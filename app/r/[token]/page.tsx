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
import { sharedHeading, viewerLabel } from "@/lib/share/viewer-label";
import { TooManyShareRequests } from "@/components/share/too-many-requests";
import { clientIp } from "@/lib/auth/rate-limit";
import { getDb } from "@/lib/db/client";
import { reportTitle } from "@/lib/reports/contracts";
import { now } from "@/lib/clock";
import { DEFAULT_COMPARE } from "@/lib/reports/periods";
import { shareGuessLimiter } from "@/lib/share/guess-limit";
import { annotationDaysOf } from "@/lib/annotations/chart-days";
import { describeShareScope } from "@/lib/share/scope";
import { linkAnnotations } from "@/lib/annotations/share";
import { printedCampaignReturns } from "@/lib/campaign-costs/printed";
import { resolveShareToken } from "@/lib/share/store";
import { recordShareVisit } from "@/lib/share/view-log";
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
  const search = await searchParams;
  // The server's PDF renders this page with ?print=pdf: paged tables then print every row.
  const printAll = search.print === "pdf";
  // ?embed=1: the report alone, for a frame on a site the link lists (the CSP says which: proxy.ts).
  const embedded = search.embed === "1" && !printAll;
  const db = await getDb();
  // Counted like every shared route: past the limit, no token is looked at (lib/share/guess-limit.ts).
  const lookup = await shareGuessLimiter().lookup(clientIp(await headers()), () => resolveShareToken(db, token));
  if (lookup.throttled) return <TooManyShareRequests retryAfterSeconds={lookup.retryAfterSeconds} />;
  const open = lookup.found;
  if (!open) notFound();
  const { link, scope, report } = open;
  if (!isUnlocked(link, (await cookies()).get(unlockCookieName(link.id))?.value)) {
    return <SharePasswordForm token={token} />;
  }
  // The PDF route logs its own download; the server's render of it is no visit. Nor is a frame the
  // browser refuses to show (a link that lists no origins is framed by none: its CSP says 'none').
  const requestHeaders = await headers();
  const refusedFrame = /^i?frame$/.test(requestHeaders.get("sec-fetch-dest") ?? "") && link.embedOrigins.length === 0;
  if (!printAll && !refusedFrame) await recordShareVisit(db, link.id, embedded ? "embed" : "page", requestHeaders);
  const title = reportTitle(report);
  // Masked links show the pseudonym of the uid a detail page is locked to, in the label too.
  const label = viewerLabel(link, scope);
  // The report's title and the label once ("Overview: Overview for partner" said it twice).
  const heading = sharedHeading(title, label);
  // A rolling link names the days it shows now, resolved as its data route resolves them.
  const scopeText = describeShareScope(scope, now(), link.redactUids ? { report, maskUid: maskUidFor(link.id) } : { report });
  // Exactly the notes the link's creator chose, within the days its charts show now (lib/annotations/share.ts).
  const chosen = await linkAnnotations(db, link, report, { ...scope, ...annotationDaysOf(report, scope, now()) });
  // A masked link masks a note's sub-affiliate uid as it masks every uid it shows.
  const mask = maskUidFor(link.id);
  const annotations = link.redactUids ? chosen.map((a) => ({ ...a, subAffiliateUid: a.subAffiliateUid && mask(a.subAffiliateUid) })) : chosen;
  // The app's own PDF of Invite codes prints the team's campaign costs; any other link: undefined, never read.
  const campaignReturns = await printedCampaignReturns(db, link, report, scope, now());
  const shared = { token, annotations, mode: link.mode, redactUids: link.redactUids, percentages: link.percentages, compare: scope.compare ?? DEFAULT_COMPARE, printAll, ...(campaignReturns ? { campaignReturns } : {}) };
  if (embedded && !link.internal) {
    // No header, no PDF link, no app: the report, with what it is in one line (the view gives its "data as of").
    return (
      <div className="w-full flex-1 space-y-4 p-3 sm:p-4">
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="embedded-caption">
          {heading} · {scopeText}
        </p>
        <SharedReportView report={report} title={heading} scope={scopeText} shared={shared} />
      </div>
    );
  }
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
        label={label}
        title={title}
        scope={scopeText}
        mode={link.mode}
        createdAt={link.createdAt.getTime()}
        expiresAt={link.expiresAt?.getTime() ?? null}
        redactUids={link.redactUids}
        percentages={link.percentages}
        compare={scope.compare ?? DEFAULT_COMPARE}
        pdfHref={`/r/${token}/pdf`}
      />
      <SharedReportView
        report={report}
        title={heading}
        scope={scopeText}
        shared={shared}
      />
    </div>
  );
}
