import { describe, expect, it } from "vitest";
import { embedOriginsSchema, frameAncestors, parseEmbedOrigin, splitOriginList } from "./embed-origins";

describe("embed origins", () => {
  it("accepts exact https origins and http only on loopback, normalised", () => {
    expect(parseEmbedOrigin("https://Partner.Example.com/")).toEqual({ ok: true, origin: "https://partner.example.com" });
    expect(parseEmbedOrigin("https://partner.example.com:8443")).toEqual({ ok: true, origin: "https://partner.example.com:8443" });
    expect(parseEmbedOrigin("http://127.0.0.1:4000")).toEqual({ ok: true, origin: "http://127.0.0.1:4000" });
    expect(parseEmbedOrigin("http://localhost:4000")).toEqual({ ok: true, origin: "http://localhost:4000" });
    expect(parseEmbedOrigin("http://[::1]:4000")).toEqual({ ok: true, origin: "http://[::1]:4000" });
  });

  it("refuses anything broader or stranger than one origin, saying why", () => {
    for (const bad of [
      "http://partner.example.com",
      "http://10.0.0.1",
      "https://*.example.com",
      "*",
      "'self'",
      "https://partner.example.com/reports",
      "https://partner.example.com?x=1",
      "https://user:pw@partner.example.com",
      "https://partner.example.com; script-src *",
      "https://a.example.com https://b.example.com",
      "ftp://partner.example.com",
      "javascript:alert(1)",
      "data:text/html,hi",
      "partner.example.com",
      "",
    ]) {
      const parsed = parseEmbedOrigin(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.reason.length).toBeGreaterThan(10);
    }
  });

  it("the request field normalises, drops repeats and blanks, and refuses a bad entry or too many", () => {
    expect(embedOriginsSchema.parse(["https://a.example.com", "https://A.example.com/", " ", "http://127.0.0.1:9"])).toEqual(["https://a.example.com", "http://127.0.0.1:9"]);
    expect(embedOriginsSchema.parse(undefined)).toEqual([]);
    const refused = embedOriginsSchema.safeParse(["https://a.example.com", "http://b.example.com"]);
    expect(refused.success).toBe(false);
    if (!refused.success) expect(refused.error.issues[0]?.message).toMatch(/only https/);
    expect(embedOriginsSchema.safeParse(Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`)).success).toBe(false);
  });

  it("the dialog's text splits on spaces, commas and lines", () => {
    expect(splitOriginList(" https://a.example.com,https://b.example.com\nhttp://localhost:3000  ")).toEqual(["https://a.example.com", "https://b.example.com", "http://localhost:3000"]);
  });

  it("frame-ancestors: the stored origins re-checked, 'none' when none is left", () => {
    expect(frameAncestors([])).toBe("'none'");
    expect(frameAncestors(["https://a.example.com", "http://127.0.0.1:4000"])).toBe("https://a.example.com http://127.0.0.1:4000");
    expect(frameAncestors(["*", "https://x.example.com; script-src *", "HTTPS://A.EXAMPLE.COM", "http://evil.example.com"])).toBe("'none'");
  });
});
