import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/layout/page-header";
import { checkAccess } from "@/lib/auth/session";
import { TargetsView } from "./targets-view";

export const metadata: Metadata = { title: "Targets and tiers" };
export const dynamic = "force-dynamic";

/** The connection's targets (a figure's goal for one month or quarter) and the exchange's tier thresholds. */
export default async function TargetsPage() {
  const { user, allowed } = await checkAccess("analyst");
  return (
    <div className="space-y-6">
      <PageHeader title="Targets and tiers" eyebrow="Plan">
        <p>
          A target is your goal for one figure in one month or quarter; a tier threshold is what the exchange asks of an affiliate every month or quarter
          to hold a tier. The <Link href="/?range=mtd" className="font-medium underline">Overview, month to date</Link> (or quarter to date) shows each against
          the figure so far and, for the figures the forecast projects (commission, volume, new traders), its forecast; a target on another of its figures,
          such as net deposits or new invitees, stands on the figure so far alone. They are your team&apos;s: never on a share link or its PDF; an Overview digest says where the month stands against them, and an alert can say when one is projected to be missed.
          Every change is in the{" "}
          <Link href="/change-log#targets" className="font-medium underline">
            Change log
          </Link>
          .
        </p>
      </PageHeader>
      {allowed ? (
        <TargetsView />
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          Targets need the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
