/**
 * Batch cancel of contract orders, audited: `POST /api/orders/contract/cancel`
 * with `{ orderIdList?: string[], origClientOrderIdList?: string[] }` (up to 10
 * each). Answers each element's own result; never retried blindly.
 */
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { connectionForRequest } from "@/lib/exchange/selection";
import { cancelContractOrders } from "@/lib/trading/orders";
import type { CancelAnswer } from "@/lib/trading/answers";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "trader", body: z.record(z.string(), z.unknown()) }, async ({ user, request, body }): Promise<CancelAnswer> => {
  const connection = await connectionForRequest(request);
  return { results: await cancelContractOrders({ user, connection, body }) };
});
