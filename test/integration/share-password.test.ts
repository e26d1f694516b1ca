/**
 * The password step of a protected link through its route (POST /r/<token>/unlock):
 * a wrong password is a 401 that asks again and a retry with the right one opens;
 * wrong guesses are limited per address and per link, with a wait that is the
 * limiter's own; unknown, tampered, revoked, expired and paused links get the one
 * 404 whatever the password; and a link that expires while its viewer has it open
 * closes to that viewer too.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as shareItem from "@/app/api/share/[id]/route";
import * as shareList from "@/app/api/share/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import * as unlockRoute from "@/app/r/[token]/unlock/route";
import { PEER_ADDRESS_HEADER, PEER_HEADER_ENV } from "@/lib/auth/client-ip";
import { getDb } from "@/lib/db/client";
import { shareLinks } from "@/lib/db/schema";
import { UNLOCK_LIMITS } from "@/lib/share/unlock";
import { LINK_NOT_FOUND } from "@/lib/share/serve";
import { demoAppSuite } from "../support/demo-app";

const app = demoAppSuite("share-password", "analyst");
const PASSWORD = "correct horse battery";

// Each request says which address it comes from, as scripts/serve.mjs stamps the socket's peer.
const savedPeerEnv = process.env[PEER_HEADER_ENV];
beforeAll(() => {
  process.env[PEER_HEADER_ENV] = "1";
});
afterAll(() => {
  if (savedPeerEnv === undefined) delete process.env[PEER_HEADER_ENV];
  else process.env[PEER_HEADER_ENV] = savedPeerEnv;
});

async function create(body: Record<string, unknown> = {}): Promise<{ id: string; token: string }> {
  app.role = "analyst";
  const res = await shareList.POST(
    new Request("http://localhost/api/share", {
      method: "POST",
      body: JSON.stringify({ report: "commissions", label: "locked", mode: "live", expiry: "7d", password: PASSWORD, ...body }),
      headers: { "content-type": "application/json" },
    }),
  );
  expect(res.status).toBe(201);
  const created = (await res.json()) as { id: string; path: string };
  return { id: created.id, token: created.path.slice("/r/".length) };
}

function unlock(token: string, password: string, ip = "198.51.100.10"): Promise<Response> {
  return unlockRoute.POST(
    new Request(`http://localhost/r/${token}/unlock`, {
      method: "POST",
      body: JSON.stringify({ password }),
      headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: ip },
    }),
    { params: Promise.resolve({ token }) },
  );
}

function data(token: string, cookie?: string, ip = "198.51.100.10"): Promise<Response> {
  return sharedData.GET(new Request(`http://localhost/r/${token}/data/commissions`, { headers: { [PEER_ADDRESS_HEADER]: ip, ...(cookie ? { cookie } : {}) } }), {
    params: Promise.resolve({ token, report: "commissions" }),
  });
}

/** "name=value" of the unlock cookie a 204 sets, and its attributes. */
function cookieOf(res: Response): { pair: string; attributes: string } {
  const header = res.headers.get("set-cookie") ?? "";
  const [pair = "", ...rest] = header.split("; ");
  return { pair, attributes: rest.join("; ") };
}

describe("a password link's unlock route", () => {
  it("answers a wrong password with 401 and asks again; the right one then opens, by a cookie that is no password", async () => {
    const { token } = await create();
    const wrong = await unlock(token, "wrong horse battery");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ code: "WRONG_PASSWORD", msg: expect.stringMatching(/wrong password/i) });
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(wrong.headers.get("cache-control")).toBe("no-store");
    expect((await data(token)).status, "still locked").toBe(404);

    const right = await unlock(token, PASSWORD);
    expect(right.status).toBe(204);
    const { pair, attributes } = cookieOf(right);
    expect(pair).toMatch(/^rd_share_[0-9a-f]{16}=[A-Za-z0-9_-]+$/);
    expect(pair).not.toContain("horse");
    expect(attributes).toContain(`Path=/r/${token}`);
    expect(attributes).toContain("HttpOnly");
    expect((await data(token, pair)).status).toBe(200);
  });

  it("refuses a bad body with a 400 {code,msg} that counts no guess", async () => {
    const { token } = await create();
    const bad = await unlockRoute.POST(
      new Request(`http://localhost/r/${token}/unlock`, { method: "POST", body: "password=x", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      { params: Promise.resolve({ token }) },
    );
    expect(bad.status).toBe(415);
    expect(await bad.json()).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE", msg: expect.any(String) });
    const empty = await unlock(token, "");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ code: "BAD_REQUEST", msg: "enter the password" });
    for (let i = 0; i < UNLOCK_LIMITS.perIp + 1; i++) expect((await unlock(token, "")).status).toBe(400);
    expect((await unlock(token, PASSWORD)).status, "no bad body was counted as a wrong password").toBe(204);
  });

  it(`allows ${UNLOCK_LIMITS.perIp} wrong passwords per address, then says how long to wait; other addresses still get their tries`, async () => {
    const { token } = await create();
    const guesser = "203.0.113.7";
    for (let i = 0; i < UNLOCK_LIMITS.perIp; i++) expect((await unlock(token, `wrong guess ${i}`, guesser)).status).toBe(401);
    for (const password of ["wrong again", PASSWORD]) {
      const limited = await unlock(token, password, guesser);
      expect(limited.status, "limited: even the right password waits").toBe(429);
      const body = (await limited.json()) as { code: string; msg: string; retryAfterSeconds: number };
      expect(body.code).toBe("TOO_MANY_ATTEMPTS");
      // The first wrong guess was moments ago: its slot frees in (almost) the whole 15-minute window.
      expect(body.retryAfterSeconds).toBeGreaterThan(UNLOCK_LIMITS.windowMs / 1000 - 60);
      expect(body.retryAfterSeconds).toBeLessThanOrEqual(UNLOCK_LIMITS.windowMs / 1000);
      expect(body.msg).toBe("Too many wrong passwords for this link. Wait 15 minutes and try again.");
      expect(limited.headers.get("retry-after")).toBe(String(body.retryAfterSeconds));
    }
    expect((await unlock(token, "wrong horse", "203.0.113.8")).status, "another address").toBe(401);
    expect((await unlock(token, PASSWORD, "203.0.113.8")).status).toBe(204);
  });

  it(`closes a link to guesses after ${UNLOCK_LIMITS.perLink} wrong passwords from any number of addresses`, async () => {
    const { token } = await create();
    for (let i = 0; i < UNLOCK_LIMITS.perLink; i++) {
      const res = await unlock(token, `spread guess ${i}`, `192.0.2.${Math.floor(i / UNLOCK_LIMITS.perIp)}`);
      expect(res.status).toBe(401);
    }
    const fresh = await unlock(token, PASSWORD, "198.18.0.1");
    expect(fresh.status).toBe(429);
    expect(((await fresh.json()) as { code: string }).code).toBe("TOO_MANY_ATTEMPTS");
    const other = await create();
    expect((await unlock(other.token, PASSWORD, "198.18.0.1")).status, "other links are unaffected").toBe(204);
  });

  it("answers unknown, tampered, revoked, expired and paused links with the one 404, whatever the password", async () => {
    const db = await getDb();
    const revoked = await create();
    expect((await shareItem.DELETE(new Request(`http://localhost/api/share/${revoked.id}`, { method: "DELETE" }), { params: Promise.resolve({ id: revoked.id }) })).status).toBe(204);
    const expired = await create();
    await db.update(shareLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(shareLinks.id, expired.id));
    const paused = await create();
    await db.update(shareLinks).set({ pausedAt: new Date() }).where(eq(shareLinks.id, paused.id));
    const open = await create({ password: undefined });
    const live = await create();
    const tampered = `${live.token.slice(0, -3)}${live.token.endsWith("AAA") ? "BBB" : "AAA"}`;
    const unknown = randomBytes(32).toString("base64url").slice(0, 43);
    const bodies = new Set<string>();
    for (const token of [unknown, tampered, "short", revoked.token, expired.token, paused.token, open.token]) {
      for (const password of [PASSWORD, "wrong horse battery"]) {
        const res = await unlock(token, password, "198.51.100.99");
        expect(res.status, token).toBe(404);
        expect(res.headers.get("set-cookie")).toBeNull();
        bodies.add(await res.text());
      }
    }
    expect([...bodies]).toEqual([JSON.stringify(LINK_NOT_FOUND)]);
  });

  it("closes to a viewer who unlocked it once it expires while their page is open", async () => {
    const db = await getDb();
    const { id, token } = await create();
    const { pair } = cookieOf(await unlock(token, PASSWORD));
    expect((await data(token, pair)).status).toBe(200);
    await db.update(shareLinks).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(shareLinks.id, id));
    const after = await data(token, pair);
    expect(after.status).toBe(404);
    expect(await after.json()).toEqual(LINK_NOT_FOUND);
    expect((await unlock(token, PASSWORD)).status, "and the password no longer opens it").toBe(404);
  });
});
