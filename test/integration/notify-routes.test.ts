/**
 * The webhook endpoint routes as the app serves them (demo mode, embedded database): analysts
 * manage their own endpoints and admins every one; the secret is answered once and never listed;
 * refused URLs and bad bodies get a {code,msg} 400; "send a test" delivers a signed message to a
 * real receiver, and after a rotation only the new secret verifies.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as one from "@/app/api/webhooks/[id]/route";
import * as rotate from "@/app/api/webhooks/[id]/rotate/route";
import * as testRoute from "@/app/api/webhooks/[id]/test/route";
import * as list from "@/app/api/webhooks/route";
import { getDb } from "@/lib/db/client";
import { verifySignature } from "@/lib/notify/signature";
import { createWebhookEndpoint } from "@/lib/notify/webhook-endpoints";
import { demoAppSuite } from "../support/demo-app";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const app = demoAppSuite("notify-routes", "analyst");
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => receiver.close());

const json = (method: string, url: string, body?: unknown) =>
  new Request(`http://localhost${url}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }) });
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

describe("webhook endpoint routes", () => {
  it("creates an endpoint, answering its secret once; the list shows a hint of the URL and no secret", async () => {
    app.role = "analyst";
    const created = await list.POST(json("POST", "/api/webhooks", { label: "Ops", url: receiver.url }));
    expect(created.status).toBe(201);
    const { endpoint, secret } = (await created.json()) as { endpoint: { id: string; urlHint: string }; secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint.urlHint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/…abcd$/);
    const listed = await (await list.GET(json("GET", "/api/webhooks"))).text();
    expect(listed).toContain(endpoint.id);
    for (const hidden of [secret, "secret-path-abcd", "query-secret"]) expect(listed).not.toContain(hidden);
  });

  it("refuses a URL the policy does not allow, and a bad body, with {code,msg}", async () => {
    app.role = "analyst";
    const refused = await list.POST(json("POST", "/api/webhooks", { label: "x", url: "http://10.1.2.3/hook" }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "URL_NOT_ALLOWED", msg: expect.stringMatching(/https:\/\//) });
    const bad = await list.POST(json("POST", "/api/webhooks", { label: "", url: 42 }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "BAD_REQUEST" });
    app.role = "viewer";
    expect((await list.GET(json("GET", "/api/webhooks"))).status).toBe(403);
  });

  it("sends a signed test; after a rotation only the new secret verifies", async () => {
    app.role = "analyst";
    const created = (await (await list.POST(json("POST", "/api/webhooks", { label: "Rotating", url: receiver.url }))).json()) as { endpoint: { id: string }; secret: string };
    const id = created.endpoint.id;
    receiver.received.length = 0;
    const first = await testRoute.POST(json("POST", `/api/webhooks/${id}/test`), ctx(id));
    expect(await first.json()).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    const rotated = (await (await rotate.POST(json("POST", `/api/webhooks/${id}/rotate`), ctx(id))).json()) as { secret: string };
    expect(rotated.secret).not.toBe(created.secret);
    await testRoute.POST(json("POST", `/api/webhooks/${id}/test`), ctx(id));
    const [before, after] = receiver.received;
    expect(verifySignature(created.secret, before!.body, before!.headers["x-signature"] as string)).toBe(true);
    expect(verifySignature(rotated.secret, after!.body, after!.headers["x-signature"] as string)).toBe(true);
    expect(verifySignature(created.secret, after!.body, after!.headers["x-signature"] as string)).toBe(false);
    expect(JSON.parse(after!.body)).toMatchObject({ kind: "test", endpoint: "Rotating", text: expect.stringContaining("Rotating") });

    // Ten webhook tests per user in 10 minutes; the eleventh is a 429 with Retry-After, and nothing is sent.
    for (let i = 3; i <= 10; i++) expect((await testRoute.POST(json("POST", `/api/webhooks/${id}/test`), ctx(id))).status).toBe(200);
    const sentBefore = receiver.received.length;
    const limited = await testRoute.POST(json("POST", `/api/webhooks/${id}/test`), ctx(id));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(await limited.json()).toMatchObject({ code: "TEST_SEND_LIMITED" });
    expect(receiver.received.length).toBe(sentBefore);
  });

  it("keeps analysts to their own endpoints; admins see and delete everyone's", async () => {
    const { endpoint } = await createWebhookEndpoint(await getDb(), { label: "Someone else's", url: receiver.url, owner: { id: "other-user", email: "other@example.com" } }, new Date());
    app.role = "analyst";
    expect(await (await list.GET(json("GET", "/api/webhooks"))).text()).not.toContain(endpoint.id);
    for (const response of [
      await one.DELETE(json("DELETE", `/api/webhooks/${endpoint.id}`), ctx(endpoint.id)),
      await rotate.POST(json("POST", `/api/webhooks/${endpoint.id}/rotate`), ctx(endpoint.id)),
      await testRoute.POST(json("POST", `/api/webhooks/${endpoint.id}/test`), ctx(endpoint.id)),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
    app.role = "admin";
    expect(await (await list.GET(json("GET", "/api/webhooks"))).text()).toContain(endpoint.id);
    expect((await one.DELETE(json("DELETE", `/api/webhooks/${endpoint.id}`), ctx(endpoint.id))).status).toBe(204);
    expect(await (await list.GET(json("GET", "/api/webhooks"))).text()).not.toContain(endpoint.id);
  });
});
