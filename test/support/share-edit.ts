/**
 * Making and editing share links through the route handlers (POST /api/share,
 * PATCH /api/share/<id> and its change log), for the tests of the edit rules:
 * a link made, the raw answer of an edit, an edit that must succeed, a refusal
 * as `{status, code, msg}`, and the log.
 */
import { expect } from "vitest";
import * as shareChanges from "@/app/api/share/[id]/changes/route";
import * as shareItem from "@/app/api/share/[id]/route";
import * as shareList from "@/app/api/share/route";
import type { ChangeEntry } from "@/lib/share/edit-plan";

export type ChangeLogEntry = { at: number; byEmail: string; changes: ChangeEntry[] };

/** A new link (the whole create request in `body`), as the signed-in user; fails the test unless it is a 201. */
export async function createShareLinkVia(body: Record<string, unknown>): Promise<{ id: string; token: string; summary: string }> {
  const res = await shareList.POST(new Request("http://localhost/api/share", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } }));
  expect(res.status, await res.clone().text()).toBe(201);
  const created = (await res.json()) as { id: string; path: string; summary: string };
  return { id: created.id, token: created.path.slice("/r/".length), summary: created.summary };
}

export function patchShareLink(id: string, body: unknown): Promise<Response> {
  return shareItem.PATCH(new Request(`http://localhost/api/share/${id}`, { method: "PATCH", body: JSON.stringify(body), headers: { "content-type": "application/json" } }), { params: Promise.resolve({ id }) });
}

/** The edit's answer (the link as it now is, its sentence and the changes); fails the test unless it is a 200. */
export async function editShareLink<T>(id: string, body: unknown): Promise<T> {
  const res = await patchShareLink(id, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

export async function refusedEdit(id: string, body: unknown): Promise<{ status: number; code: string; msg: string }> {
  const res = await patchShareLink(id, body);
  const json = (await res.json()) as { code: string; msg: string };
  return { status: res.status, code: json.code, msg: json.msg };
}

/** The link's change log, newest first. */
export async function shareLinkChangeLog(id: string): Promise<ChangeLogEntry[]> {
  const res = await shareChanges.GET(new Request(`http://localhost/api/share/${id}/changes`), { params: Promise.resolve({ id }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { changes: ChangeLogEntry[] }).changes;
}
