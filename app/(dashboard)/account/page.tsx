import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";
import { AccountView } from "./client";

export const metadata: Metadata = { title: "Account" };

export default function AccountPage() {
  // The client view reads the URL state (filters, cursors) with parseAccountParams as it changes.
  return (
    <>
      <PageHeader title="Account" eyebrow="Exchange">
        <p>Balances, fee rates, flags and bills of the selected connection&apos;s spot account, read live from the exchange.</p>
      </PageHeader>
      <Suspense fallback={<TableSkeleton rows={6} columns={4} label="Loading the account" />}>
        <AccountView />
      </Suspense>
    </>
  );
}
