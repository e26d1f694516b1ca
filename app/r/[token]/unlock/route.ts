/** A viewer's password for a protected link: 204 and the unlock cookie, 401 to ask again, the one 404 otherwise (lib/share/password-unlock.ts). */
import { getDb } from "@/lib/db/client";
import { unlockWithPassword } from "@/lib/share/password-unlock";
import { sharedJson, SHARED_HEADERS } from "@/lib/share/serve";
import type { RouteContext } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export async function POST(request: Request, context?: RouteContext): Promise<Response> {
  try {
    const token = (await context?.params)?.token;
    const response = await unlockWithPassword(await getDb(), request, typeof token === "string" ? token : "");
    for (const [key, value] of Object.entries(SHARED_HEADERS)) response.headers.set(key, value);
    return response;
  } catch (error) {
    console.error("[share] unlock failed", error);
    return sharedJson({ code: "INTERNAL", msg: "internal error" }, 500);
  }
}
