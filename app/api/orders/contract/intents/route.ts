/** Contract orders placed through the app on the selected connection, newest first (trader): `GET /api/orders/contract/intents?limit=50`. */
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { connectionForRequest } from "@/lib/exchange/selection";
import type { ContractIntentsAnswer } from "@/lib/trading/answers";
import { listIntents } from "@/lib/trading/intent-list";

export const dynamic = "force-dynamic";

const query = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const GET = apiRoute({ role: "trader", query }, async ({ request, query: { limit } }): Promise<ContractIntentsAnswer> =>
  listIntents(await connectionForRequest(request), limit),
);
