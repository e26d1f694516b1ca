import { afterEach, describe, expect, it, vi } from "vitest";
import { authLogger } from "./auth-logger";

afterEach(() => vi.restoreAllMocks());

describe("authLogger", () => {
  it("logs an unreadable session cookie as one warning line, with no stack", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    authLogger.error?.("JWT_SESSION_ERROR", new Error("Invalid Compact JWE"));
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toContain("Invalid Compact JWE");
    expect(line).not.toMatch(/\n|\bat /);
  });

  it("logs anything else as an error with its details", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("database down");
    authLogger.error?.("SIGNIN_OAUTH_ERROR", { error: failure, providerId: "x" });
    expect(error).toHaveBeenCalledWith("[next-auth][error][SIGNIN_OAUTH_ERROR]", { error: failure, providerId: "x" });
  });
});
