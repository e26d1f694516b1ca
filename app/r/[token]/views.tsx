"use client";

import { CommissionsView } from "@/app/(dashboard)/commissions/client";
import { InviteeDetailView } from "@/app/(dashboard)/invitees/[uid]/client";
import { InviteCodesView } from "@/app/(dashboard)/invite-codes/client";
import { InviteesView } from "@/app/(dashboard)/invitees/client";
import { OverviewView } from "@/app/(dashboard)/overview-client";
import { SubAffiliateView } from "@/app/(dashboard)/sub-affiliates/[uid]/client";
import { SubAffiliatesView } from "@/app/(dashboard)/sub-affiliates/client";
import { TradeAssetsView } from "@/app/(dashboard)/trade-assets/client";
import { QueryProvider } from "@/components/providers/query-provider";
import { ReportAnswerMeta } from "@/components/reports/report-answer-meta";
import { ReportMetaProvider, ReportSourceProvider, type SharedView } from "@/components/reports/report-context";
import type { ReportName } from "@/lib/reports/names";

const VIEWS: Record<ReportName, () => React.ReactNode> = {
  overview: OverviewView,
  commissions: CommissionsView,
  "sub-affiliates": SubAffiliatesView,
  "sub-affiliate": SubAffiliateView,
  invitees: InviteesView,
  "invite-codes": InviteCodesView,
  "trade-assets": TradeAssetsView,
  invitee: InviteeDetailView,
};

/** The same view as in the app, reading the link's data route, read-only. */
export function SharedReportView({ report, shared, title, scope }: { report: ReportName; shared: SharedView; title: string; scope: string }) {
  const View = VIEWS[report];
  return (
    <QueryProvider>
      <ReportSourceProvider shared={shared}>
        <ReportMetaProvider title={title} scope={scope}>
          <ReportAnswerMeta report={report}>
            <View />
          </ReportAnswerMeta>
        </ReportMetaProvider>
      </ReportSourceProvider>
    </QueryProvider>
  );
}
