/** A report's own paging/sorting parameters, parsed with its contract's zod schema: a bad value is a 400 {code, msg}. */
import "server-only";
import type { z } from "zod";
import { ApiError } from "../api/errors";

export function reportQuery<S extends z.ZodType>(schema: S, query: URLSearchParams): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(query));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(400, "BAD_REQUEST", `${issue?.path.join(".") ?? "query"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}
