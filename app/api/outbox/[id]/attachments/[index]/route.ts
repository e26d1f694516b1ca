/** An attachment of an outbox message, as it would have been attached (the message's owner or an admin). */
import { z } from "zod";
import { ApiError, apiRoute } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { contentDisposition } from "@/lib/export/file-meta";
import { outboxAttachment } from "@/lib/notify/mail-outbox-view";

export const dynamic = "force-dynamic";

const path = z.object({ id: z.string().regex(/^mail_[A-Za-z0-9_-]{1,40}$/), index: z.coerce.number().int().min(0).max(20) });

export const GET = apiRoute({ role: "viewer" }, async ({ user, params }) => {
  const parsed = path.safeParse(params);
  if (!parsed.success) throw new ApiError(404, "NOT_FOUND", "no such attachment");
  const attachment = await outboxAttachment(await getDb(), user, parsed.data.id, parsed.data.index);
  if (!attachment) throw new ApiError(404, "NOT_FOUND", "no such attachment");
  return new Response(new Uint8Array(attachment.content), {
    headers: { "Content-Type": attachment.contentType, "Content-Disposition": contentDisposition(attachment.filename), "Cache-Control": "no-store" },
  });
});
