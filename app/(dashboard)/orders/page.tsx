import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";
import { OrdersView } from "./client";

export const metadata: Metadata = { title: "Orders" };

export default function OrdersPage() {
  // The client view reads the URL state (symbols, range, page) with parseOrdersParams as it changes.
  return (
    <>
      <PageHeader title="Orders" eyebrow="Exchange">
        <p>Spot orders and contract trading on the selected connection, read live from the exchange: one tab per task.</p>
      </PageHeader>
      <Suspense fallback={<TableSkeleton rows={6} columns={6} label="Loading orders" />}>
        <OrdersView />
      </Suspense>
    </>
  );
}
