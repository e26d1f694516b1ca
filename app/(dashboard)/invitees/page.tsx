import type { Metadata } from "next";
import { ReportPage } from "@/components/reports/report-page";
import { InviteesView } from "./client";

export const metadata: Metadata = { title: "Invitees" };
export const dynamic = "force-dynamic";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function InviteesPage({ searchParams }: PageProps) {
  return (
    <ReportPage
      report="invitees"
      title="Invitees"
      description="Registrations over time, the funnel from sign-up to first trade and retention by signup month of the people who signed up in the period, and the directory of every invitee with the period’s figures."
      searchParams={await searchParams}
    >
      <InviteesView />
    </ReportPage>
  );
}
