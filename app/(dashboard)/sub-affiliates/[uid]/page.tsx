import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/layout/page-header";
import { ReportPage } from "@/components/reports/report-page";
import { subAffiliateQuerySchema } from "@/lib/reports/sub-affiliate/contract";
import { reportHref } from "@/lib/reports/entity-links";
import { toSearchParams } from "@/lib/url-state/params";
import { SubAffiliateView } from "./client";

export const dynamic = "force-dynamic";

type PageProps = {
  params: Promise<{ uid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const isUid = (uid: string) => subAffiliateQuerySchema.safeParse({ uid }).success;

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { uid } = await params;
  return { title: isUid(uid) ? `Sub-affiliate ${uid}` : "Sub-affiliate" };
}

/** One sub-affiliate (/sub-affiliates/<uid>): the path names it, the report takes it as `uid`. */
export default async function SubAffiliatePage({ params, searchParams }: PageProps) {
  const { uid } = await params;
  const query = await searchParams;
  if (!isUid(uid)) {
    return (
      <div className="space-y-6">
        <PageHeader title="Sub-affiliate" eyebrow="Affiliate" />
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          <p className="font-semibold">“{uid.slice(0, 40)}” is not a sub-affiliate uid.</p>
          <p className="mt-1">A sub-affiliate uid is a number of 1 to 20 digits, as the Sub-affiliates page lists them.</p>
          <p className="mt-2">
            <Link href={reportHref("/sub-affiliates", toSearchParams(query))} className="font-medium underline underline-offset-2">
              Back to all sub-affiliates
            </Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <ReportPage
      report="sub-affiliate"
      title={`Sub-affiliate ${uid}`}
      description="This sub-affiliate's trading volume, net fee and what was paid to it per product over time, its share of all sub-affiliates, what is left after its share (the exchange's part and your override together), an estimate of your override from it, and the previous period. Every figure's ? says what it counts."
      searchParams={query}
      fixedParams={{ uid }}
    >
      <SubAffiliateView />
    </ReportPage>
  );
}
