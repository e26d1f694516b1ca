// Every /api route requires a session except PUBLIC_API_ROUTES: each route
// module under app/api must export only apiRoute handlers, and each of them
// must answer 401 when nobody is signed in.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRouteInfo, PUBLIC_API_ROUTES } from "@/lib/api/route";
import { setSessionUserResolver } from "@/lib/auth/session";

const APP = path.resolve(__dirname, "../../app");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** `/api/...` as the folder path, route groups `(x)` removed. */
function routePath(file: string): string {
  const parts = path.relative(APP, path.dirname(file)).split(path.sep).filter((p) => !/^\(.*\)$/.test(p));
  return `/${parts.join("/")}`;
}

const files = routeFiles(path.join(APP, "api"));
let restore: () => void;
beforeAll(() => {
  restore = setSessionUserResolver(async () => null);
});
afterAll(() => restore());

describe("every /api route", () => {
  it("the public list names routes that exist", () => {
    const paths = files.map(routePath);
    for (const route of PUBLIC_API_ROUTES) expect(paths).toContain(route);
  });

  it.each(files.map((file) => [routePath(file), file] as const))("%s uses apiRoute and answers 401 signed out", async (route, file) => {
    if ((PUBLIC_API_ROUTES as readonly string[]).includes(route)) return;
    const mod = (await import(file)) as Record<string, unknown>;
    const handlers = METHODS.filter((method) => method in mod);
    expect(handlers.length, `${route} exports no handler`).toBeGreaterThan(0);
    for (const method of handlers) {
      const handler = mod[method];
      expect(apiRouteInfo(handler), `${method} ${route} is not an apiRoute handler`).toBeDefined();
      const url = `http://localhost${route.replace(/\[\.{0,3}([^\]]+)\]/g, "x")}`;
      const response = await (handler as (r: Request, c: unknown) => Promise<Response>)(new Request(url, { method }), {
        params: Promise.resolve({}),
      });
      expect(response.status, `${method} ${route}`).toBe(401);
    }
  });
});
