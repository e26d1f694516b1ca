/**
 * The app's /api routes, enumerated from the code (app/api/**\/route.ts), with
 * each exported method's role floor read from its apiRoute({ role }) call; and
 * the same for the shared-link routes (app/r/**\/route.ts, no role).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface ApiRouteMethod {
  /** URL path with dynamic segments filled with a sample value. */
  url: string;
  /** Folder path as written, e.g. /api/connections/[id]/test */
  route: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Role floor from apiRoute({ role }); undefined for routes outside the pipeline (public ones). */
  role: string | undefined;
}

const APP = path.resolve(import.meta.dirname, "../../app");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return /^route\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

export function apiRouteMethods(): ApiRouteMethod[] {
  return routeMethodsUnder("api");
}

/** Every route handler under app/<folder> ("api", "r"), read from the code. */
export function routeMethodsUnder(folder: string): ApiRouteMethod[] {
  return routeFiles(path.join(APP, folder)).flatMap((file) => {
    const source = readFileSync(file, "utf8");
    const route = `/${path.relative(APP, path.dirname(file)).split(path.sep).filter((p) => !/^\(.*\)$/.test(p)).join("/")}`;
    const url = route.replace(/\[\.\.\.[^\]]+\]/g, "x/y").replace(/\[([^\]]+)\]/g, (_m, name: string) => (name === "endpoint" ? "account" : "x"));
    // `name = apiRoute({ role: "admin"` — an exported handler or a shared one exported under several methods.
    const roles = new Map<string, string>();
    // apiRoute({ role }) itself, or a wrapper taking the same options first (reportRoute({ role }, …)).
    for (const m of source.matchAll(/(?:const|let)\s+(\w+)\s*=\s*(?:apiRoute|\w+Route)\(\s*\{\s*role:\s*"(\w+)"/g)) roles.set(m[1] as string, m[2] as string);
    const methods: ApiRouteMethod[] = [];
    for (const m of source.matchAll(/export\s+(?:const|async function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b(?:\s*=\s*(\w+))?/g)) {
      const method = m[1] as ApiRouteMethod["method"];
      const alias = m[2];
      const role = roles.get(method) ?? (alias ? roles.get(alias) : undefined);
      methods.push({ url, route, method, role });
    }
    // `export const { GET, POST } = handlers` (next-auth's catch-all) and similar.
    for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
      for (const name of (m[1] as string).split(",").map((s) => s.trim().split(/\s+as\s+/).pop() ?? "")) {
        if (/^(GET|POST|PUT|PATCH|DELETE)$/.test(name)) methods.push({ url, route, method: name as ApiRouteMethod["method"], role: undefined });
      }
    }
    return methods;
  });
}
