import type { Metadata } from "next";
import { ReportPage } from "@/components/reports/report-page";
import { SubAffiliatesView } from "./client";

export const metadata: Metadata = { title: "Sub-affiliates" };
export const dynamic = "force-dynamic";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SubAffiliatesPage({ searchParams }: PageProps) {
  return (
    <ReportPage
      report="sub-affiliates"
      title="Sub-affiliates"
      description="Per sub-affiliate trading volume, net fee and paid commission over time, their ranking and share of the total."
      searchParams={await searchParams}
    >
      <SubAffiliatesView />
    </ReportPage>
  );
}
