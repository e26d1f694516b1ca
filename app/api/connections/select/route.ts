/** Chooses the connection every screen and API call of this browser works on. */
import { z } from "zod";
import { ApiError, apiRoute } from "@/lib/api/route";
import { idString } from "@/lib/api/safe-input";
import { resolveConnection } from "@/lib/exchange/connections";
import { CONNECTION_COOKIE } from "@/lib/exchange/selection";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "viewer", body: z.object({ id: idString(100) }) }, async ({ body, request }) => {
  const connection = await resolveConnection(body.id);
  if (!connection) throw new ApiError(404, "NOT_FOUND", "no such connection");
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return Response.json(
    { selectedId: connection.id },
    {
      headers: {
        "Cache-Control": "no-store",
        "Set-Cookie": `${CONNECTION_COOKIE}=${encodeURIComponent(connection.id)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}`,
      },
    },
  );
});
