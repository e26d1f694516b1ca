import type { Metadata } from "next";
import { ReportPage } from "@/components/reports/report-page";
import { InviteCodesView } from "./client";

export const metadata: Metadata = { title: "Invite codes" };
export const dynamic = "force-dynamic";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function InviteCodesPage({ searchParams }: PageProps) {
  return (
    <ReportPage
      report="invite-codes"
      title="Invite codes"
      description="Per invite code, the invitees who signed up in this period: how many passed KYC, deposited and traded, how fast, and their commission and volume."
      searchParams={await searchParams}
    >
      <InviteCodesView />
    </ReportPage>
  );
}
