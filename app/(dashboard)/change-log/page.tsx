import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { ChangeLogSection } from "@/components/change-log/change-log-section";
import { PageHeader } from "@/components/layout/page-header";
import { checkAccess } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Change log" };
export const dynamic = "force-dynamic";

/** Who changed which chart annotation, campaign cost or target of this connection, when, from what to what (issue #28). */
export default async function ChangeLogPage() {
  const { user, allowed } = await checkAccess("analyst");
  return (
    <div className="space-y-6">
      <PageHeader title="Change log" eyebrow="Annotations, campaign costs, targets and tiers">
        <p>
          Every note on the charts, every cost on an{" "}
          <Link href="/invite-codes" className="font-medium underline">
            invite code
          </Link>{" "}
          and every{" "}
          <Link href="/targets" className="font-medium underline">
            target and tier threshold
          </Link>{" "}
          is logged when it is added, edited or deleted: who, when, and the fields before and after. A deleted one stays in the log.
        </p>
      </PageHeader>
      {allowed ? (
        <>
          <ChangeLogSection kind="annotations" title="Annotations" titleId="annotations" empty="No annotation has been added yet." />
          <ChangeLogSection kind="costs" title="Campaign costs" titleId="costs" empty="No campaign cost has been entered yet." />
          <ChangeLogSection kind="targets" title="Targets and tier thresholds" titleId="targets" empty="No target or tier threshold has been set yet." />
        </>
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          The change log needs the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
