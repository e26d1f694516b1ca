/**
 * Webhook endpoints (analyst and above): list yours — every endpoint for admins —
 * and add one. The signing secret is answered once, at creation; lists show the
 * URL's host and the last characters of its path, never the URL or the secret.
 */
import { z } from "zod";
import { ApiError, apiRoute } from "@/lib/api/route";
import { hasRole } from "@/lib/auth/roles";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/notify/webhook-endpoints";
import { webhookUrlRefusal } from "@/lib/notify/webhook-url";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ user }) => {
  const endpoints = await listWebhookEndpoints(await getDb(), hasRole(user.role, "admin") ? undefined : user.id);
  return { endpoints };
});

const newEndpoint = z.object({
  label: z.string().trim().min(1, "give the endpoint a name").max(80),
  url: z.string().trim().min(1).max(2000),
});

export const POST = apiRoute({ role: "analyst", body: newEndpoint }, async ({ user, body }) => {
  const refusal = await webhookUrlRefusal(body.url);
  if (refusal) throw new ApiError(400, "URL_NOT_ALLOWED", `The webhook URL ${refusal}.`);
  const created = await createWebhookEndpoint(await getDb(), { label: body.label, url: body.url, owner: user }, now());
  return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
});
