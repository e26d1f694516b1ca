/**
 * One invitee's page, /invitees/<uid>: the invitee report of the path's uid
 * with the view's filters from the URL. The uid segment is checked here; a
 * malformed one gets a notice in words and the way back to the directory, not
 * a crash page (an unknown one is said by the view, from the report's 404).
 */
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/layout/page-header";
import { ReportPage } from "@/components/reports/report-page";
import { reportHref } from "@/lib/reports/entity-links";
import { filterFieldSchemas } from "@/lib/reports/filters";
import { InviteeDetailView } from "./client";
import { InviteeWorkPanel } from "./work/work-panel";
import { InviteeFlagsPanel } from "./flags/flags-panel";

export const dynamic = "force-dynamic";

type PageProps = {
  params: Promise<{ uid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The path segment as a uid, or null (Next hands it decoded). */
const uidOf = (segment: string): string | null => {
  const parsed = filterFieldSchemas.uid.safeParse(segment);
  return parsed.success ? parsed.data : null;
};

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const uid = uidOf((await params).uid);
  return { title: uid ? `Invitee ${uid}` : "Invitee" };
}

export default async function InviteePage({ params, searchParams }: PageProps) {
  const segment = (await params).uid;
  const query = await searchParams;
  const uid = uidOf(segment);
  if (!uid) {
    return (
      <div className="space-y-4">
        <PageHeader title="Invitee" eyebrow="Affiliate" />
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
          “{segment.slice(0, 40)}” is not an invitee uid: a uid is up to 20 digits.{" "}
          <Link href={reportHref("/invitees", query)} className="font-medium underline">
            Back to the invitee directory
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ReportPage
      report="invitee"
      title={`Invitee ${uid}`}
      description="Profile and milestones; commission, fees, volume, money movements and rank in this period, against the previous period of as many days."
      searchParams={query}
      // The path's uid wins over a uid in the query, in the page and in every request of the view (view-query.tsx).
      fixedParams={{ uid }}
    >
      <InviteeDetailView />
      {/* The team's own records, outside the report: the share view renders InviteeDetailView alone. */}
      <InviteeWorkPanel uid={uid} />
      <InviteeFlagsPanel uid={uid} />
    </ReportPage>
  );
}
