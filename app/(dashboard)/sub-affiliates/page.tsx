import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { UsersIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Sub-affiliates" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ searchParams }: PageProps) {
  return (
    <PlaceholderPage
      title="Sub-affiliates"
      eyebrow="Affiliate"
      description="Trading volume, net fees and paid commission of every sub-affiliate, day by day."
      emptyTitle="No sub-affiliate data yet"
      emptyDescription="Sub-affiliate volumes and the commission they generate will be listed here after the first sync."
      icon={<UsersIcon className="size-6" />}
      searchParams={await searchParams}
    />
  );
}
