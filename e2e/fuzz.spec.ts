import { expect, test } from "@playwright/test";
import { apiSession } from "./support/session";
import { DEMO, waitForWarehouse } from "./support/demo";
import { routeMethodsUnder, type ApiRouteMethod } from "./support/api-routes";
import { FUZZ_BODIES, FUZZ_COOKIES, FUZZ_QUERIES, FUZZ_SEGMENTS, type FuzzRequest } from "./support/fuzz-inputs";

/**
 * Hostile input against the app as `npm start` runs it (Next's own URL
 * decoding included): every route handler read from the code (app/api and the
 * shared-link routes under app/r, plus the shared page), each input class of
 * e2e/support/fuzz-inputs.ts in its path segments, query, JSON body and
 * cookies, signed in as an admin and anonymously. No answer may be a 5xx, and
 * every refusal of our own routes is a JSON `{code,msg}`.
 */

const CONCURRENCY = 6;
// next-auth's own endpoints answer in their own shapes (redirects, HTML): only "no 5xx" is asked of them.
const OWN_SHAPE_EXEMPT = /^\/api\/auth\//;

let baseURL: string;
let adminCookie: string;
let realToken: string;

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  baseURL = info.project.use.baseURL as string;
  // The app's first backfill competes for the CPU; the fuzz's "Sync now" requests are cheap after it.
  await waitForWarehouse(baseURL);
  const admin = await apiSession(baseURL, DEMO.email, DEMO.password);
  const created = await admin.post("/api/share", { data: { report: "commissions", label: "fuzz target", mode: "live", expiry: "1d" } });
  expect(created.status()).toBe(201);
  realToken = ((await created.json()) as { path: string }).path.slice("/r/".length);
  adminCookie = (await admin.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  await admin.dispose();
});

/** The route's URL with each dynamic segment filled: the fuzzed one with `value`, the others with a sample that gets far. */
function fill(route: string, target?: number, value?: string): string {
  return route
    .split("/")
    .map((segment, index) => {
      if (!segment.startsWith("[")) return segment;
      if (index === target && value !== undefined) return value;
      if (segment === "[...nextauth]") return "session";
      if (segment === "[endpoint]") return "account";
      // A report the PDF route would print (seconds each): only its refusals are fuzzed.
      if (segment === "[report]") return route.startsWith("/api/pdf/") ? "x" : "commissions";
      // A real link, so fuzzed queries reach the scope checks; never for its PDF, which would print.
      if (segment === "[token]") return route.endsWith("/pdf") ? "x".repeat(43) : realToken;
      return "x";
    })
    .join("/");
}

function requestsFor(r: ApiRouteMethod): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const dynamic = r.route.split("/").flatMap((segment, index) => (segment.startsWith("[") ? [index] : []));
  for (const index of dynamic) for (const value of FUZZ_SEGMENTS) out.push({ method: r.method, path: fill(r.route, index, value) });
  for (const query of FUZZ_QUERIES) out.push({ method: r.method, path: `${fill(r.route)}?${query}` });
  for (const cookie of FUZZ_COOKIES) out.push({ method: r.method, path: fill(r.route), cookie });
  if (r.method !== "GET") for (const body of FUZZ_BODIES) out.push({ method: r.method, path: fill(r.route), ...body });
  return out;
}

async function send(request: FuzzRequest, sessionCookie: string | undefined): Promise<{ status: number; text: string }> {
  const cookie = [sessionCookie, request.cookie].filter(Boolean).join("; ");
  const headers: Record<string, string> = { ...(request.contentType ? { "content-type": request.contentType } : {}), ...(cookie ? { cookie } : {}) };
  // A Buffer body gets no Content-Type of its own (a string would be sent as text/plain).
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const response = await fetch(`${baseURL}${request.path}`, { method: request.method, headers, body, redirect: "manual" });
  return { status: response.status, text: await response.text() };
}

function problemOf(request: FuzzRequest, answer: { status: number; text: string }): string | undefined {
  const where = `${request.method} ${request.path.slice(0, 120)}${request.cookie ? ` cookie ${request.cookie}` : ""}${request.body !== undefined ? ` body ${request.body.slice(0, 60)}` : ""}`;
  if (answer.status >= 500) return `${where} → ${answer.status} ${answer.text.slice(0, 80)}`;
  if (answer.status < 400 || OWN_SHAPE_EXEMPT.test(request.path) || !request.path.startsWith("/api/")) return undefined;
  try {
    const body = JSON.parse(answer.text) as { code?: unknown; msg?: unknown };
    if (typeof body.msg === "string" && (typeof body.code === "string" || typeof body.code === "number")) return undefined;
  } catch {
    // reported below
  }
  return `${where} → ${answer.status} without {code,msg}: ${answer.text.slice(0, 80)}`;
}

async function fuzz(requests: FuzzRequest[], sessionCookie: string | undefined): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < requests.length; i = next++) {
      const request = requests[i] as FuzzRequest;
      const problem = problemOf(request, await send(request, sessionCookie));
      if (problem) problems.push(problem);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return problems;
}

function allRequests(): FuzzRequest[] {
  const routes = [...routeMethodsUnder("api"), ...routeMethodsUnder("r"), { url: "/r/x", route: "/r/[token]", method: "GET", role: undefined } satisfies ApiRouteMethod];
  expect(routes.length).toBeGreaterThan(30);
  return routes.flatMap(requestsFor);
}

for (const who of ["an admin", "an anonymous visitor"] as const) {
  test(`no input class gets a 5xx from any route, as ${who}`, async () => {
    // 3 276 requests over every route took 52–54 s beside the other specs on 2 cores, and the routes keep growing.
    test.setTimeout(150_000);
    const requests = allRequests();
    const started = Date.now();
    const problems = await fuzz(requests, who === "an admin" ? adminCookie : undefined);
    expect(problems, `${problems.length} of ${requests.length} requests`).toEqual([]);
    console.log(`fuzz as ${who}: ${requests.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}
