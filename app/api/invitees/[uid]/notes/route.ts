/** An invitee's notes: the list, newest first (GET), and a new note (POST, 201). Analyst-floor, as the invitee reports. */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { noteInputSchema } from "@/lib/invitee-work/inputs";
import { createNote, listNotes } from "@/lib/invitee-work/notes-store";
import { inviteeContext } from "@/lib/invitee-work/route-context";
import type { NotesAnswer } from "@/lib/invitee-work/types";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request, params, user }): Promise<NotesAnswer> => {
  const { db, connectionId, uid } = await inviteeContext(request, params);
  return { notes: await listNotes(db, connectionId, uid, user) };
});

export const POST = apiRoute({ role: "analyst", body: noteInputSchema }, async ({ request, params, user, body }) => {
  const { db, connectionId, uid } = await inviteeContext(request, params);
  return Response.json(await createNote(db, connectionId, uid, body.body, user, now()), { status: 201 });
});
