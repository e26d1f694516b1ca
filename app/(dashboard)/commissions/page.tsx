import type { Metadata } from "next";
import { ReportPage } from "@/components/reports/report-page";
import { CommissionsView } from "./client";

export const metadata: Metadata = { title: "Commissions" };
export const dynamic = "force-dynamic";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CommissionsPage({ searchParams }: PageProps) {
  return (
    <ReportPage
      report="commissions"
      title="Commissions"
      description="Commission earned per period, coin, product and symbol, split between direct clients and sub-agents."
      searchParams={await searchParams}
    >
      <CommissionsView />
    </ReportPage>
  );
}
