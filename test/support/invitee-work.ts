/**
 * The invitee-work routes as Next calls them, for a demo app (demo-app.ts)
 * whose warehouse holds a small sandbox world's invitees, with several
 * signed-in people: two analysts (so author and "someone else" differ), an
 * admin and a viewer. Call inside a test file; it registers its own hooks.
 */
import { afterAll, beforeAll } from "vitest";
import * as noteRoute from "@/app/api/invitees/[uid]/notes/[id]/route";
import * as notesRoute from "@/app/api/invitees/[uid]/notes/route";
import * as followUpRoute from "@/app/api/invitees/[uid]/follow-up/route";
import * as tagsRoute from "@/app/api/invitees/[uid]/tags/route";
import * as workRoute from "@/app/api/invitees/[uid]/work/route";
import * as vocabularyRoute from "@/app/api/invitee-tags/route";
import * as tagRoute from "@/app/api/invitee-tags/[id]/route";
import * as mergeRoute from "@/app/api/invitee-tags/[id]/merge/route";
import * as bulkRoute from "@/app/api/invitee-tags/bulk/route";
import * as workOfRoute from "@/app/api/invitee-work/route";
import { setSessionUserResolver, type SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { demoAppSuite } from "./demo-app";
import { routeCaller, type RouteTable } from "./route-caller";
import { loadInvitees } from "./warehouse";

export type { Answer } from "./route-caller";

export const CONNECTION = "sandbox";

export const PEOPLE = {
  alice: { id: "u-alice", email: "alice@example.com", name: "Alice", role: "analyst" },
  bob: { id: "u-bob", email: "bob@example.com", name: "Bob", role: "analyst" },
  admin: { id: "u-admin", email: "admin@example.com", name: "Ada", role: "admin" },
  viewer: { id: "u-viewer", email: "viewer@example.com", name: "Vic", role: "viewer" },
} as const satisfies Record<string, SessionUser>;
export type Person = keyof typeof PEOPLE;

/** Each route's handlers, by the path pattern they serve. */
const ROUTES: RouteTable = [
  { pattern: /^\/api\/invitees\/([^/]*)\/notes$/, keys: ["uid"], module: notesRoute },
  { pattern: /^\/api\/invitees\/([^/]*)\/notes\/([^/]*)$/, keys: ["uid", "id"], module: noteRoute },
  { pattern: /^\/api\/invitees\/([^/]*)\/tags$/, keys: ["uid"], module: tagsRoute },
  { pattern: /^\/api\/invitees\/([^/]*)\/follow-up$/, keys: ["uid"], module: followUpRoute },
  { pattern: /^\/api\/invitees\/([^/]*)\/work$/, keys: ["uid"], module: workRoute },
  { pattern: /^\/api\/invitee-tags$/, keys: [], module: vocabularyRoute },
  { pattern: /^\/api\/invitee-tags\/bulk$/, keys: [], module: bulkRoute },
  { pattern: /^\/api\/invitee-tags\/([^/]*)$/, keys: ["id"], module: tagRoute },
  { pattern: /^\/api\/invitee-tags\/([^/]*)\/merge$/, keys: ["id"], module: mergeRoute },
  { pattern: /^\/api\/invitee-work(?:\?.*)?$/, keys: [], module: workOfRoute },
];

/**
 * Sends a request to the route serving `path`, as Next would (the path's segments as params).
 * `body`: an object is sent as JSON; a string is sent as is (to test what is not JSON).
 */
export const call = routeCaller(ROUTES, "invitee-work");

export interface WorkWorld {
  /** The signed-in person for the next requests. */
  as(person: Person): void;
  /** Invitee uids of the warehouse (available once the suite's beforeAll ran). */
  readonly uids: readonly string[];
}

/** A demo app with `invitees` invitees in its warehouse, Alice signed in. */
export function inviteeWorkSuite(prefix: string, invitees = 40): WorkWorld {
  demoAppSuite(prefix, "analyst");
  let person: Person = "alice";
  let uids: string[] = [];
  let restore: () => void = () => {};
  beforeAll(async () => {
    const now = Date.now();
    const world = createAffiliateWorld({ seed: 57, invitees, days: 30, subAffiliates: 1, restate: false }, now);
    await loadInvitees(await getDb(), CONNECTION, world, now);
    uids = world.invitedUsers(now).map((u) => u.uid);
    restore = setSessionUserResolver(async () => ({ ...PEOPLE[person] }));
  });
  afterAll(() => restore());
  return {
    as(next) {
      person = next;
    },
    get uids() {
      return uids;
    },
  };
}
