import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { MarketsView } from "./client";
import { parseMarketsParams } from "./search-params";

export const metadata: Metadata = { title: "Markets" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function MarketsPage({ searchParams }: PageProps) {
  // Parsed once here; the client view reads the same parameters with the same parser as they change.
  const initialState = parseMarketsParams(await searchParams);
  return (
    <>
      <PageHeader title="Markets" eyebrow="Exchange">
        <p>Live 24 h tickers and the trading rules of every spot symbol, read through the selected connection.</p>
      </PageHeader>
      <MarketsView initialState={initialState} />
    </>
  );
}
