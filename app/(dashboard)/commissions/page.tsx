import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { CoinsIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Commissions" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ searchParams }: PageProps) {
  return (
    <PlaceholderPage
      title="Commissions"
      eyebrow="Affiliate"
      description="Commission earned per day, coin, product and symbol, split between direct clients and sub-agents."
      emptyTitle="No commission data yet"
      emptyDescription="Once the warehouse has synced the commission report, daily totals, a breakdown by coin and product, and the top-earning invitees appear here."
      icon={<CoinsIcon className="size-6" />}
      searchParams={await searchParams}
    />
  );
}
