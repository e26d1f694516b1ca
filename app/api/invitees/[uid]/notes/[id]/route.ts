/** One note: edit its text (PATCH) or delete it (DELETE, 204) — its author or an admin; a note of another invitee or connection is a 404. */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { noteInputSchema } from "@/lib/invitee-work/inputs";
import { deleteNote, updateNote } from "@/lib/invitee-work/notes-store";
import { inviteeContext, noteIdOf } from "@/lib/invitee-work/route-context";

export const dynamic = "force-dynamic";

export const PATCH = apiRoute({ role: "analyst", body: noteInputSchema }, async ({ request, params, user, body }) => {
  const { db, connectionId, uid } = await inviteeContext(request, params);
  return updateNote(db, connectionId, uid, noteIdOf(params), body.body, user, now());
});

export const DELETE = apiRoute({ role: "analyst" }, async ({ request, params, user }) => {
  const { db, connectionId, uid } = await inviteeContext(request, params);
  await deleteNote(db, connectionId, uid, noteIdOf(params), user, now());
  return undefined;
});
