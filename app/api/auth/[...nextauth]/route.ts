import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/auth/options";

// next-auth's own endpoints (csrf, credentials callback, session, signout): one
// of the two public /api routes (see PUBLIC_API_ROUTES in lib/api/route.ts).
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

function handler(request: NextRequest, context: Context): Promise<Response> {
  // Options are built on first request, not at import: `next build` needs no secret.
  return NextAuth(request, context, getAuthOptions()) as Promise<Response>;
}

export { handler as GET, handler as POST };
