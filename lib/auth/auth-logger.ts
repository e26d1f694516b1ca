/**
 * next-auth's error logger. A session cookie that does not decrypt is a
 * client's input (garbage, or a cookie from before a secret change): one line
 * without a stack, not an error with one. Everything else is logged as
 * next-auth logs it.
 */
import "server-only";
import type { LoggerInstance } from "next-auth";

const CLIENT_INPUT_CODES = new Set(["JWT_SESSION_ERROR"]);

export const authLogger: Partial<LoggerInstance> = {
  error(code, metadata) {
    if (CLIENT_INPUT_CODES.has(code)) {
      const error = metadata instanceof Error ? metadata : metadata.error;
      console.warn(`[auth] ignored an unreadable session cookie (${code}: ${String(error?.message ?? "").slice(0, 100)})`);
      return;
    }
    console.error(`[next-auth][error][${code}]`, metadata);
  },
};
