import type { Metadata } from "next";
import Link from "next/link";
import { DateRangeNote } from "@/components/layout/date-range-note";
import { PageHeader } from "@/components/layout/page-header";
import { buttonClassName } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ChartIcon, OverviewIcon } from "@/components/ui/icons";
import { getDateRange } from "@/lib/url-state/date-range";

export const metadata: Metadata = { title: "Overview" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OverviewPage({ searchParams }: PageProps) {
  const range = getDateRange(await searchParams);
  return (
    <>
      <PageHeader title="Overview" eyebrow="Affiliate analytics for WEEX">
        <p>
          Rebate Desk brings an affiliate&apos;s numbers together in one place: commission earned, the trading volumes of
          sub-affiliates, and every invited user with their trading and asset totals. It reads them from the WEEX V3 REST
          API, and by default from a local sandbox exchange, so it runs without real credentials.
        </p>
      </PageHeader>

      <div className="mb-4">
        <DateRangeNote range={range} />
      </div>

      <EmptyState
        title="Your overview is on its way"
        icon={<OverviewIcon className="size-6" />}
        description={
          <p>
            Headline figures for the period — commission, active invitees, sub-affiliate volume — and their trends will be
            shown here once the warehouse has synced the affiliate reports. Live market data is already available.
          </p>
        }
        action={
          <Link href="/markets" className={buttonClassName({ variant: "primary" })}>
            <ChartIcon className="size-4" />
            Open markets
          </Link>
        }
      />
    </>
  );
}
