import type { Metadata } from "next";
import { ReportPage } from "@/components/reports/report-page";
import { SyncPanel } from "@/components/reports/sync-panel";
import { getSessionUser } from "@/lib/auth/session";
import { hasRole } from "@/lib/auth/roles";
import { OverviewView } from "./overview-client";

export const metadata: Metadata = { title: "Overview" };
export const dynamic = "force-dynamic";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OverviewPage({ searchParams }: PageProps) {
  const user = await getSessionUser();
  return (
    <ReportPage
      report="overview"
      title="Overview"
      description="How the affiliate business is doing: the period's headline figures against the previous period and the same period a year ago, commission per period against the previous period, the top invitees and symbols, and the invitee funnel. Each card links to the page that explains it."
      searchParams={await searchParams}
    >
      <div className="space-y-6">
        <OverviewView />
        <SyncPanel canSync={hasRole(user?.role, "analyst")} />
      </div>
    </ReportPage>
  );
}
