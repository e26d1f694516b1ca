import type { Metadata } from "next";
import { DateRangeNote } from "@/components/layout/date-range-note";
import { PageHeader } from "@/components/layout/page-header";
import { checkAccess } from "@/lib/auth/session";
import { getDateRange } from "@/lib/url-state/date-range";
import { CommissionsView } from "./client";

export const metadata: Metadata = { title: "Commissions" };
export const dynamic = "force-dynamic";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CommissionsPage({ searchParams }: PageProps) {
  const { user, allowed } = await checkAccess("analyst");
  const params = await searchParams;
  return (
    <div className="space-y-6">
      <PageHeader title="Commissions" eyebrow="Affiliate">
        <p>Commission earned per period, coin, product and symbol, split between direct clients and sub-agents.</p>
        <DateRangeNote range={getDateRange(params)} />
      </PageHeader>
      {allowed ? (
        <CommissionsView />
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          Affiliate reports need the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
