/**
 * Calls route handlers as Next would: the handler serving a path found in a
 * table of path patterns, the path's segments as params, a same-site request.
 */
export type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type RouteTable = ReadonlyArray<{ pattern: RegExp; keys: string[]; module: Partial<Record<Method, Handler>> }>;

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/**
 * A caller for the routes of `routes`. `body`: an object is sent as JSON; a string is sent as is (to test what is
 * not JSON).
 */
export function routeCaller(routes: RouteTable, what: string) {
  return async function call<T = Record<string, unknown>>(method: Method, path: string, body?: unknown): Promise<Answer<T>> {
    for (const { pattern, keys, module } of routes) {
      const match = pattern.exec(path);
      if (!match) continue;
      const handler = module[method];
      if (!handler) throw new Error(`${method} ${path}: the route has no such handler`);
      const params = Object.fromEntries(keys.map((k, i) => [k, decodeURIComponent(match[i + 1]!)]));
      const init: RequestInit = { method, headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" } };
      if (body !== undefined) {
        init.headers = { ...init.headers, "content-type": "application/json" };
        init.body = typeof body === "string" ? body : JSON.stringify(body);
      }
      const response = await handler(new Request(`http://localhost${path}`, init), { params: Promise.resolve(params) });
      const text = await response.text();
      return { status: response.status, body: (text === "" ? null : JSON.parse(text)) as T };
    }
    throw new Error(`no ${what} route serves ${path}`);
  };
}
