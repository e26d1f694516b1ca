import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { UserPlusIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Invitees" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ searchParams }: PageProps) {
  return (
    <PlaceholderPage
      title="Invitees"
      eyebrow="Affiliate"
      description="Every invited user with registration, KYC, first deposit and first trade: the funnel from sign-up to trading."
      emptyTitle="No invitees yet"
      emptyDescription="Invited users and their conversion funnel will appear here once the invitee report has been synced."
      icon={<UserPlusIcon className="size-6" />}
      searchParams={await searchParams}
    />
  );
}
