/** The trading audit log, newest first (admins only): `GET /api/orders/audit?limit=50[&connection=<id>]`. */
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { idString } from "@/lib/api/safe-input";
import { listAudit } from "@/lib/trading/audit";
import type { AuditAnswer } from "@/lib/trading/answers";

export const dynamic = "force-dynamic";

const query = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  connection: idString(100).optional(),
});

export const GET = apiRoute({ role: "admin", query }, async ({ query: { limit, connection } }): Promise<AuditAnswer> => ({
  entries: await listAudit({ limit, ...(connection ? { connectionId: connection } : {}) }),
}));
