// The shared route-handler pipeline (lib/api/route.ts), called as Next calls a
// route handler, with the session supplied through the documented test hook.
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, apiRoute, apiRouteInfo } from "@/lib/api/route";
import { setSessionUserResolver, type SessionUser } from "@/lib/auth/session";
import type { Role } from "@/lib/auth/roles";
import { GET as getMe } from "@/app/api/me/route";
import { NoConnectionError } from "@/lib/exchange/selection";

function signInAs(role: Role | null): void {
  const user: SessionUser | null = role ? { id: `u-${role}`, email: `${role}@x.io`, name: role, role } : null;
  restore = setSessionUserResolver(async () => user);
}
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
  vi.restoreAllMocks();
});

const echo = apiRoute(
  {
    role: "analyst",
    query: z.object({ days: z.coerce.number().int().min(1).max(90), coin: z.union([z.string(), z.array(z.string())]).optional() }),
    body: z.object({ name: z.string().min(1) }),
  },
  ({ user, query, body, params }) => ({ user: user.email, days: query.days, coin: query.coin, name: body.name, params }),
);

function post(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("apiRoute", () => {
  it("401 UNAUTHENTICATED without a session", async () => {
    signInAs(null);
    const response = await echo(post("/api/x?days=1", { name: "a" }));
    expect(response.status).toBe(401);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ code: "UNAUTHENTICATED", msg: expect.any(String) });
  });

  it("403 FORBIDDEN below the role, before validating anything", async () => {
    signInAs("viewer");
    const response = await echo(post("/api/x", "not json"));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: "FORBIDDEN", msg: "requires the analyst role" });
  });

  it("400 BAD_REQUEST with issues for a bad query or body, and for a body that isn't JSON", async () => {
    signInAs("analyst");
    const badQuery = await echo(post("/api/x?days=500", { name: "a" }));
    expect(badQuery.status).toBe(400);
    const body = (await badQuery.json()) as { code: string; msg: string; issues: { path: string }[] };
    expect(body.code).toBe("BAD_REQUEST");
    expect(body.issues[0]?.path).toBe("days");

    const badBody = await echo(post("/api/x?days=5", { name: "" }));
    expect(badBody.status).toBe(400);
    expect(((await badBody.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe("name");

    const notJson = await echo(post("/api/x?days=5", "{oops"));
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ code: "BAD_REQUEST", msg: "body must be JSON" });
  });

  it("runs the handler with typed query, body, user and params; JSON with no-store", async () => {
    signInAs("admin");
    const response = await echo(post("/api/x?days=7&coin=BTC&coin=ETH", { name: "n" }), {
      params: Promise.resolve({ id: "42" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ user: "admin@x.io", days: 7, coin: ["BTC", "ETH"], name: "n", params: { id: "42" } });
  });

  it("500 INTERNAL without details for any thrown error, logged server-side", async () => {
    signInAs("viewer");
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const boom = apiRoute({ role: "viewer" }, () => {
      throw new Error("secret database detail at /srv/x.ts:12");
    });
    const response = await boom(new Request("http://localhost/api/boom"));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ code: "INTERNAL", msg: "internal error" });
    expect(text).not.toMatch(/secret|\.ts|at /);
    expect(log).toHaveBeenCalled();
  });

  it("ApiError becomes its status and code; assertRole demands more than the floor", async () => {
    signInAs("analyst");
    const missing = apiRoute({ role: "viewer" }, () => {
      throw new ApiError(404, "NOT_FOUND", "no such connection", { id: "c9" });
    });
    const response = await missing(new Request("http://localhost/api/c/c9"));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: "NOT_FOUND", msg: "no such connection", id: "c9" });

    const upstream = apiRoute({ role: "viewer" }, () => {
      throw new ApiError(400, -1052, "not allowed for this key");
    });
    expect(await (await upstream(new Request("http://localhost/api/u"))).json()).toEqual({ code: -1052, msg: "not allowed for this key" });

    const trade = apiRoute({ role: "viewer" }, ({ assertRole }) => {
      assertRole("trader");
      return { placed: true };
    });
    expect((await trade(new Request("http://localhost/api/t", { method: "POST" }))).status).toBe(403);
  });

  it("answers the domain's NoConnectionError as 409 NO_CONNECTION, never a 500", async () => {
    signInAs("viewer");
    const route = apiRoute({ role: "viewer" }, () => {
      throw new NoConnectionError();
    });
    const response = await route(new Request("http://localhost/api/x"));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ code: "NO_CONNECTION", msg: expect.stringContaining("no exchange connection is configured") });
  });

  it("passes a returned Response through, and undefined as 204", async () => {
    signInAs("viewer");
    const csv = apiRoute({ role: "viewer" }, () => new Response("a,b\n", { headers: { "content-type": "text/csv" } }));
    const response = await csv(new Request("http://localhost/api/csv"));
    expect(await response.text()).toBe("a,b\n");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const empty = apiRoute({ role: "viewer" }, () => undefined);
    expect((await empty(new Request("http://localhost/api/e", { method: "DELETE" }))).status).toBe(204);
  });

  it("refuses writes from another origin", async () => {
    signInAs("admin");
    const write = apiRoute({ role: "viewer" }, () => ({ ok: true }));
    const cross = await write(post("/api/w", {}, { origin: "https://evil.example", host: "localhost" }));
    expect(cross.status).toBe(403);
    const same = await write(post("/api/w", {}, { origin: "http://localhost", host: "localhost" }));
    expect(same.status).toBe(200);
  });

  it("marks its handlers with their role floor", () => {
    expect(apiRouteInfo(echo)).toEqual({ role: "analyst" });
    expect(apiRouteInfo(() => new Response())).toBeUndefined();
  });
});

describe("GET /api/me", () => {
  it("answers the signed-in user, or 401", async () => {
    signInAs("trader");
    const response = await getMe(new Request("http://localhost/api/me"));
    expect(await response.json()).toEqual({ id: "u-trader", email: "trader@x.io", name: "trader", role: "trader" });
    restore?.();
    signInAs(null);
    expect((await getMe(new Request("http://localhost/api/me"))).status).toBe(401);
  });
});
