/**
 * proxy.ts, called as Next calls it: every page answer carries a CSP whose
 * script-src allows only this request's nonce (handed to the page through the
 * request headers, where Next reads it), and HSTS when NEXTAUTH_URL is https.
 */
import { afterEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

const NONCE_POLICY = /^script-src 'self' 'nonce-([A-Za-z0-9+/=]{24})' 'strict-dynamic'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'$/;

function page(path: string): NextRequest {
  process.env.NEXTAUTH_SECRET ??= "page-security-test-secret-0123456789";
  return new NextRequest(`http://localhost${path}`);
}

describe("page security headers (proxy.ts)", () => {
  it("a nonce-based script-src, fresh per request, passed on to the page render", async () => {
    const first = await proxy(page("/login"));
    const second = await proxy(page("/r/some-token"));
    const nonces = [first, second].map((response) => NONCE_POLICY.exec(response.headers.get("content-security-policy") ?? "")?.[1]);
    expect(nonces[0]).toBeDefined();
    expect(nonces[1]).toBeDefined();
    expect(nonces[0]).not.toBe(nonces[1]);
    // What Next hands the page render: the same policy and the nonce for our own inline script.
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonces[0]);
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(first.headers.get("content-security-policy"));
  });

  it("Strict-Transport-Security only when NEXTAUTH_URL is https, on pages and the sign-in redirect", async () => {
    delete process.env.NEXTAUTH_URL;
    expect((await proxy(page("/login"))).headers.get("strict-transport-security")).toBeNull();
    process.env.NEXTAUTH_URL = "http://localhost:3000";
    expect((await proxy(page("/login"))).headers.get("strict-transport-security")).toBeNull();
    process.env.NEXTAUTH_URL = "https://rebatedesk.example.com";
    expect((await proxy(page("/login"))).headers.get("strict-transport-security")).toBe("max-age=31536000");
    const redirect = await proxy(page("/commissions"));
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });
});
