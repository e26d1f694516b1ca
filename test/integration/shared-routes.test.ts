/**
 * Every route under app/r (the share-link surface, open without a session)
 * goes through the shared-route pipeline: with an unknown or malformed token
 * each answers the one not-found, with the no-referrer/no-store/noindex headers.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LINK_NOT_FOUND } from "@/lib/share/serve";
import { demoAppSuite } from "../support/demo-app";

demoAppSuite("shared-routes");

const APP = path.resolve(__dirname, "../../app");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const files = routeFiles(path.join(APP, "r"));

describe("routes of shared links", () => {
  it("exist (data, CSV export, PDF)", () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  it.each(files.map((file) => [path.relative(APP, file), file] as const))("%s answers an unknown token with the one not-found", async (_name, file) => {
    const mod = (await import(file)) as Record<string, unknown>;
    const handlers = ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => m in mod);
    // The password step is the one write (POST /r/<token>/unlock); everything else only reads.
    expect(handlers).toEqual([file.endsWith(path.join("unlock", "route.ts")) ? "POST" : "GET"]);
    const method = handlers[0] ?? "GET";
    for (const token of ["A".repeat(43), "short", "..%2F..%2Fapi"]) {
      const init = method === "POST" ? { method, body: JSON.stringify({ password: "any password" }), headers: { "content-type": "application/json" } } : {};
      const res = await (mod[method] as (r: Request, c: unknown) => Promise<Response>)(new Request(`http://localhost/r/${token}/data/commissions`, init), {
        params: Promise.resolve({ token, report: "commissions" }),
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(LINK_NOT_FOUND);
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-robots-tag")).toContain("noindex");
    }
  });
});
