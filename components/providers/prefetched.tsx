/**
 * Data a client view asks React Query for, read on the server while the page
 * renders and handed to the browser's cache (the documented App Router
 * pattern: prefetch, dehydrate, HydrationBoundary). The view renders it in the
 * page's HTML instead of after a second round trip. `read` gives what the
 * view's API route answers; it goes through JSON, so the cache holds exactly
 * what that route would have sent.
 */
import "server-only";
import { dehydrate, HydrationBoundary, QueryClient, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";

export async function Prefetched({ queryKey, read, children }: { queryKey: QueryKey; read: () => Promise<unknown>; children: ReactNode }) {
  const client = new QueryClient();
  // prefetchQuery never throws: a failed read is simply not handed over, and the view asks its
  // route itself, which answers with the {code, msg} the view shows.
  await client.prefetchQuery({ queryKey, queryFn: async () => JSON.parse(JSON.stringify(await read())) as unknown });
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
