import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/layout/page-header";
import { checkAccess } from "@/lib/auth/session";
import { FlagSettingsForm } from "./settings-form";

export const metadata: Metadata = { title: "Invitee quality flags" };
export const dynamic = "force-dynamic";

/** The connection's thresholds of the invitee-quality flags, each rule said in words as it is edited. */
export default async function InviteeFlagsPage() {
  const { user, allowed } = await checkAccess("analyst");
  return (
    <div className="space-y-6">
      <PageHeader title="Invitee quality flags" eyebrow="Affiliate">
        <p>
          Four rules run over the synced data to point at invitees worth a look before the exchange withholds their commission. Each threshold below is this
          connection&apos;s own; a change applies at once to the invitee pages, the directory&apos;s filter and the alerts. Flags are internal: never shown on share
          links, their PDFs, digests or webhooks. <Link href="/invitees?flag=any" className="font-medium underline">Flagged invitees in the directory</Link>
        </p>
      </PageHeader>
      {allowed ? (
        <FlagSettingsForm />
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          Invitee quality flags need the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
