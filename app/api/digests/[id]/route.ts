/** One digest: its details and run history (GET), an edit or pause (PATCH), deletion (DELETE). */
import { ApiError, apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { canEditDigest, canPauseDigest } from "@/lib/digests/access";
import { digestPatchSchema } from "@/lib/digests/input";
import { deleteDigest, updateDigest } from "@/lib/digests/store";
import { digestViews, runViews } from "@/lib/digests/view";
import { visibleDigest } from "@/lib/digests/visible";
import { checkUsableEndpoints } from "@/lib/notify/endpoint-refs";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ params, user }) => {
  const db = await getDb();
  const row = await visibleDigest(db, params.id, user);
  const [view] = await digestViews(db, [row], user);
  return { digest: view, runs: await runViews(db, row.id) };
});

export const PATCH = apiRoute({ role: "analyst", body: digestPatchSchema }, async ({ params, user, body }) => {
  const db = await getDb();
  const row = await visibleDigest(db, params.id, user);
  const onlyPause = Object.keys(body).every((key) => key === "paused");
  if (!(canEditDigest(user, row) || (onlyPause && canPauseDigest(user, row)))) {
    throw new ApiError(403, "FORBIDDEN", "only the digest's creator can change it; an admin can pause or resume it");
  }
  if (body.webhookEndpointIds) await checkUsableEndpoints(db, user, body.webhookEndpointIds, "webhookEndpointIds");
  const updated = await updateDigest(db, row, body, user, now());
  const [view] = await digestViews(db, [updated], user);
  return { digest: view };
});

export const DELETE = apiRoute({ role: "analyst" }, async ({ params, user }) => {
  const db = await getDb();
  const row = await visibleDigest(db, params.id, user);
  await deleteDigest(db, row.id);
  return undefined;
});
