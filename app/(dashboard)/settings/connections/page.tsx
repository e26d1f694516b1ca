import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { checkAccess } from "@/lib/auth/session";
import { ConnectionsManager } from "./client";

export const metadata: Metadata = { title: "Connections" };
export const dynamic = "force-dynamic";

export default async function ConnectionsSettingsPage() {
  const { user, allowed } = await checkAccess("admin");
  return (
    <div className="space-y-8">
      <PageHeader title="Exchange connections" eyebrow="Settings">
        <p>
          The exchange accounts this desk reads from. Secrets are encrypted at rest and never sent to a browser: only a masked key is shown.
        </p>
      </PageHeader>
      {allowed ? (
        <ConnectionsManager />
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          You need the admin role to manage connections. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
