import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { ArrowsIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Trade & assets" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ searchParams }: PageProps) {
  return (
    <PlaceholderPage
      title="Trade & assets"
      eyebrow="Affiliate"
      description="Deposits, withdrawals, spot and futures volume and commission per invited user."
      emptyTitle="No trade and asset totals yet"
      emptyDescription="Per-user deposit, withdrawal and trading totals will be shown here after the first sync."
      icon={<ArrowsIcon className="size-6" />}
      searchParams={await searchParams}
    />
  );
}
