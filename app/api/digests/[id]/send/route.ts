/** "Send now": a manual run of the digest, due now, done at once (its creator or an admin); answers the run. */
import { ApiError, apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { sendDigestNow } from "@/lib/digests/runner";
import { runnerOptions } from "@/lib/digests/scheduler";
import { runViews } from "@/lib/digests/view";
import { visibleDigest } from "@/lib/digests/visible";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "analyst" }, async ({ params, user }) => {
  const db = await getDb();
  const row = await visibleDigest(db, params.id, user);
  if (row.pausedAt) throw new ApiError(409, "PAUSED", "the digest is paused: resume it first");
  const run = await sendDigestNow(db, row, now(), runnerOptions());
  const view = (await runViews(db, row.id)).find((r) => r.id === run.id);
  return Response.json({ run: view }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
