import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { ReportIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Reports" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ searchParams }: PageProps) {
  return (
    <PlaceholderPage
      title="Reports"
      eyebrow="Workspace"
      description="Saved reports to share as links, print, or export as CSV."
      emptyTitle="No reports yet"
      emptyDescription="Reports you save from any dashboard view will be collected here, ready to share, print or export."
      icon={<ReportIcon className="size-6" />}
      searchParams={await searchParams}
    />
  );
}
