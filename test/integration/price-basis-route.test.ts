/** `GET/PUT /api/connections/[id]/price-basis`: default utc, zod at the edge (400 {code,msg}), admins only for writes. */
import { describe, expect, it } from "vitest";
import * as route from "@/app/api/connections/[id]/price-basis/route";
import { demoAppSuite } from "../support/demo-app";

const app = demoAppSuite("price-basis", "admin");
type Handler = (request: Request, context?: { params?: Promise<Record<string, string>> }) => Promise<Response>;
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const url = (id: string) => `http://localhost/api/connections/${id}/price-basis`;
const put = (id: string, body: string) =>
  (route.PUT as Handler)(new Request(url(id), { method: "PUT", body, headers: { "Content-Type": "application/json", Origin: "http://localhost" } }), ctx(id));
const get = (id: string) => (route.GET as Handler)(new Request(url(id)), ctx(id));

describe("a connection's price basis", () => {
  it("is utc until an admin sets utc8; a viewer reads it and may not change it", async () => {
    app.role = "admin";
    expect(await (await get("sandbox")).json()).toEqual({ connectionId: "sandbox", priceBasis: "utc" });
    const set = await put("sandbox", JSON.stringify({ priceBasis: "utc8" }));
    expect(set.status, await set.clone().text()).toBe(200);
    app.role = "viewer";
    expect(await (await get("sandbox")).json()).toEqual({ connectionId: "sandbox", priceBasis: "utc8" });
    expect((await put("sandbox", JSON.stringify({ priceBasis: "utc" }))).status).toBe(403);
  });

  it("refuses a basis it does not know, extra fields and bad JSON with 400 {code,msg}; an unknown connection is 404", async () => {
    app.role = "admin";
    for (const body of [JSON.stringify({ priceBasis: "UTC+8" }), JSON.stringify({ priceBasis: "utc", x: 1 }), "{", JSON.stringify({})]) {
      const res = await put("sandbox", body);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
    }
    const missing = await put("no-such-connection", JSON.stringify({ priceBasis: "utc" }));
    expect(missing.status).toBe(404);
    expect((await get("no-such-connection")).status).toBe(404);
  });
});
