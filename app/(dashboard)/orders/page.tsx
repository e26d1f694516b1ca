import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { ListIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Orders" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ searchParams }: PageProps) {
  return (
    <PlaceholderPage
      title="Orders"
      eyebrow="Exchange"
      description="Open and historical spot orders and contract plan orders of the selected connection."
      emptyTitle="No orders to show yet"
      emptyDescription="Open orders, order history and conditional orders will be listed here, with their fills and status."
      icon={<ListIcon className="size-6" />}
      searchParams={await searchParams}
    />
  );
}
