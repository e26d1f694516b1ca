/**
 * Sessions end for real: a session cookie obtained before sign-out, a password
 * change or reset, a role change or the user's removal answers 401 afterwards
 * (the copy an attacker kept, and every other browser of that user), while
 * other users' sessions live on. Sign-in and sign-out run through next-auth's
 * own handler with the app's options; requests read the cookies through the
 * app's session lookup into GET /api/me, on the demo app's embedded database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getMe } from "@/app/api/me/route";
import { changeOwnPasswordAction } from "@/app/(dashboard)/settings/password/actions";
import { changeRoleAction, deleteUserAction, resetPasswordAction } from "@/app/(dashboard)/settings/users/actions";
import { DEMO_USER } from "@/lib/auth/demo";
import { createUser } from "@/lib/auth/users";
import { closeDb, getDb } from "@/lib/db/client";
import { seedAppDatabase } from "@/lib/db/seed";
import { asBrowser, signIn, signOut, type CookieJar } from "../support/auth-flow";

// Server actions refresh the users page's cache, which exists only inside a Next server.
const { revalidatePath } = vi.hoisted(() => ({ revalidatePath: vi.fn() }));
vi.mock("next/cache", () => ({ revalidatePath }));

const saved = { ...process.env };
let dir = "";

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "rd-sessions-"));
  process.env.DATA_DIR = dir;
  process.env.BCRYPT_COST = "4";
  process.env.NEXTAUTH_SECRET = "session-revocation-test-secret-0123456789";
  delete process.env.DATABASE_URL;
  delete process.env.WEEX_SPOT_BASE_URL;
  delete process.env.NEXTAUTH_URL;
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  // The demo user, as the server's start-up seeds it (opening the database seeds nobody).
  await seedAppDatabase();
});

afterAll(async () => {
  await closeDb();
  process.env = saved;
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/** What GET /api/me answers a request carrying this browser's cookies. */
async function meStatus(jar: CookieJar): Promise<number> {
  const restore = asBrowser(jar);
  try {
    return (await getMe(new Request("http://localhost/api/me"))).status;
  } finally {
    restore();
  }
}

/** Runs a server action as a request from this browser. */
async function from<T>(jar: CookieJar, action: () => Promise<T>): Promise<T> {
  const restore = asBrowser(jar);
  try {
    return await action();
  } finally {
    restore();
  }
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

let n = 0;
/** A fresh analyst and two browsers signed in as them (the second: another device, or a copied cookie). */
async function analystWithTwoSessions() {
  const email = `analyst${++n}@example.com`;
  const password = "analyst-password-1";
  const user = await createUser(await getDb(), { email, password, role: "analyst" });
  const one = await signIn(email, password);
  const two = await signIn(email, password);
  expect([await meStatus(one), await meStatus(two)]).toEqual([200, 200]);
  return { id: user!.id, email, password, one, two };
}

describe("ending sessions", () => {
  let admin: CookieJar;
  beforeAll(async () => {
    admin = await signIn(DEMO_USER.email, DEMO_USER.password);
  });

  it("sign-out ends every session of the user, a copy of the cookie taken before included", async () => {
    const { email, password, one, two } = await analystWithTwoSessions();
    const copy = { ...one };
    await signOut(one);
    expect(await meStatus(copy), "the copied cookie").toBe(401);
    expect(await meStatus(two), "the user's other browser").toBe(401);
    expect(await meStatus(admin), "other users").toBe(200);
    // Signing in again works; a stale copy signing out cannot end the new session.
    const again = await signIn(email, password);
    await signOut(copy);
    expect(await meStatus(again)).toBe(200);
  });

  it("a user's own password change ends all of their sessions, the one in use included", async () => {
    const { email, one, two, password } = await analystWithTwoSessions();
    const result = await from(one, () =>
      changeOwnPasswordAction(null, form({ currentPassword: password, newPassword: "brand-new-password", confirmPassword: "brand-new-password" })),
    );
    expect(result).toMatchObject({ ok: true });
    expect([await meStatus(one), await meStatus(two)]).toEqual([401, 401]);
    expect(await meStatus(await signIn(email, "brand-new-password"))).toBe(200);
  });

  it("an admin's password reset ends all of the user's sessions", async () => {
    const { id, one, two } = await analystWithTwoSessions();
    expect(await from(admin, () => resetPasswordAction(null, form({ id, password: "reset-by-the-admin" })))).toMatchObject({ ok: true });
    expect([await meStatus(one), await meStatus(two)]).toEqual([401, 401]);
    expect(await meStatus(admin)).toBe(200);
  });

  it("a role change ends the user's sessions; setting the same role again does not", async () => {
    const { id, email, password, one, two } = await analystWithTwoSessions();
    expect(await from(admin, () => changeRoleAction(null, form({ id, role: "analyst" })))).toMatchObject({ ok: true });
    expect(await meStatus(one)).toBe(200);
    expect(await from(admin, () => changeRoleAction(null, form({ id, role: "viewer" })))).toMatchObject({ ok: true });
    expect([await meStatus(one), await meStatus(two)]).toEqual([401, 401]);
    expect(await meStatus(await signIn(email, password))).toBe(200);
  });

  it("removing the user ends their sessions", async () => {
    const { id, one, two } = await analystWithTwoSessions();
    expect(await from(admin, () => deleteUserAction(null, form({ id })))).toMatchObject({ ok: true });
    expect(revalidatePath).toHaveBeenCalledWith("/settings/users");
    expect([await meStatus(one), await meStatus(two)]).toEqual([401, 401]);
  });
});
