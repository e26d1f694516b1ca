"use client";

/**
 * Coin name → id for the bills filters, learnt from the newest spot bills and
 * the first funding bills page (the largest pages the exchange allows, so the
 * coins a person holds are likely among them).
 */
import { useQuery } from "@tanstack/react-query";
import { exchangePost } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { coinIdsFromBills } from "@/lib/weex/coin-ids";
import { BILLS_MAX_LIMIT, FUNDING_MAX_PAGE_SIZE } from "./search-params";

const SPOT_REQUEST = { limit: BILLS_MAX_LIMIT };
const FUNDING_REQUEST = { pageIndex: 1, pageSize: FUNDING_MAX_PAGE_SIZE };

export function useCoinIds(): ReadonlyMap<string, number> {
  const spot = useQuery({
    queryKey: queryKeys.exchange.endpoint("accountBills", SPOT_REQUEST),
    queryFn: ({ signal }) => exchangePost("accountBills", SPOT_REQUEST, { signal }),
    staleTime: 60_000,
  });
  const funding = useQuery({
    queryKey: queryKeys.exchange.endpoint("fundingBills", FUNDING_REQUEST),
    queryFn: ({ signal }) => exchangePost("fundingBills", FUNDING_REQUEST, { signal }),
    staleTime: 60_000,
  });
  return coinIdsFromBills(spot.data ?? [], funding.data?.items ?? []);
}
