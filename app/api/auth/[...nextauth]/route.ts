import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/api/errors";
import { getAuthOptions } from "@/lib/auth/options";

// next-auth's own endpoints (csrf, credentials callback, session, signout): one
// of the two public /api routes (see PUBLIC_API_ROUTES in lib/api/route.ts).
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: Context): Promise<Response> {
  // next-auth parses a JSON-typed POST body itself and throws (a bare 500) when it is not JSON.
  if (request.method === "POST" && request.headers.get("content-type")?.includes("application/json")) {
    try {
      await request.clone().json();
    } catch {
      return errorResponse(400, { code: "BAD_REQUEST", msg: "body must be JSON" });
    }
  }
  // Options are built on first request, not at import: `next build` needs no secret.
  return NextAuth(request, context, getAuthOptions()) as Promise<Response>;
}

export { handler as GET, handler as POST };
