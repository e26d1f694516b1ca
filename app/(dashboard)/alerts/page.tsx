import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { checkAccess } from "@/lib/auth/session";
import { AlertsView } from "./client";

export const metadata: Metadata = { title: "Alerts" };
export const dynamic = "force-dynamic";

/** What fired, when and why; acknowledge and mute; the rules with their forms. */
export default async function AlertsPage() {
  const { user, allowed } = await checkAccess("analyst");
  return (
    <div className="space-y-6">
      <PageHeader title="Alerts" eyebrow="Workspace">
        <p>
          Rules watch the synced warehouse and are checked after every sync that brings new data (sync problems every minute too). Each condition fires once per
          cooldown, in the app and by mail or webhook if you add them.
        </p>
      </PageHeader>
      {allowed ? (
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <AlertsView isAdmin={user.role === "admin"} />
        </Suspense>
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          Alerts need the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
