import type { Metadata } from "next";
import { ReportPage } from "@/components/reports/report-page";
import { TradeAssetsView } from "./client";

export const metadata: Metadata = { title: "Trade & assets" };
export const dynamic = "force-dynamic";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TradeAssetsPage({ searchParams }: PageProps) {
  return (
    <ReportPage
      report="trade-assets"
      title="Trade & assets"
      description="Per invitee deposits, withdrawals, net deposit, spot and futures volume and commission; totals; and how much of the commission the top 10 bring."
      searchParams={await searchParams}
    >
      <TradeAssetsView />
    </ReportPage>
  );
}
