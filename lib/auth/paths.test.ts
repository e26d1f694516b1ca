import { describe, expect, it } from "vitest";
import { isPublicPath, safeCallbackPath } from "./paths";

describe("isPublicPath", () => {
  it("lets the login page, share links, /api, assets and files through", () => {
    for (const path of ["/login", "/r/abc123", "/unsubscribe/abc.def", "/api/health", "/api/me", "/_next/static/x.js", "/favicon.svg", "/robots.txt"]) {
      expect(isPublicPath(path), path).toBe(true);
    }
  });
  it("keeps app pages behind the session", () => {
    for (const path of ["/", "/settings/users", "/markets", "/loginx", "/r", "/report"]) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });
});

describe("safeCallbackPath", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeCallbackPath("/settings/users?x=1#h")).toBe("/settings/users?x=1#h");
  });
  it("refuses anything that could leave the site or loop", () => {
    for (const raw of [null, undefined, "", "https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/login", "/\u0000x"]) {
      expect(safeCallbackPath(raw), String(raw)).toBe("/");
    }
  });
});
