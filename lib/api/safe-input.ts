/**
 * Text a client sends that we refuse before it reaches anything else. NUL can
 * never be stored or compared by PostgreSQL (its text types reject it with an
 * error, not a miss), so it is refused in every string a request carries; ids,
 * path segments, query values and cookies refuse every control character,
 * since no legitimate one contains any.
 */
import { z } from "zod";

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** An id as routes take it (a path segment, a JSON field, a query value): 1–`max` characters, no control characters. */
export function idString(max = 100) {
  return z.string().min(1).max(max).refine((text) => !hasControlCharacters(text), "must not contain control characters");
}

/** Longest path segment the API takes: every id and name is far shorter. */
export const MAX_SEGMENT_LENGTH = 200;
const segment = idString(MAX_SEGMENT_LENGTH);
export const routeParamsSchema = z.record(z.string(), z.union([segment, z.array(segment)]).optional());

/** True when any query key or value holds a control character. */
export function queryHasControlCharacters(params: URLSearchParams): boolean {
  for (const [key, value] of params) if (hasControlCharacters(key) || hasControlCharacters(value)) return true;
  return false;
}

/** Deeper JSON than any request of ours: refused, so no later recursion (zod, stringify) can overflow the stack. */
export const MAX_JSON_DEPTH = 32;

/**
 * What makes a parsed JSON body unacceptable whatever its route: a NUL in any
 * string (key or value) or nesting deeper than MAX_JSON_DEPTH. Walked with an
 * explicit stack, since the input may be deep enough to overflow a recursive walk.
 */
export function jsonBodyProblem(body: unknown): string | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, depth } = next;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return "strings must not contain NUL characters";
    } else if (value !== null && typeof value === "object") {
      if (depth >= MAX_JSON_DEPTH) return `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\u0000")) return "keys must not contain NUL characters";
        stack.push({ value: item, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * False when a path segment is not valid percent-encoding (`%`, `%E0%A4%A`):
 * Next decodes dynamic segments itself, before any handler runs, and answers
 * such a path with a bare 500, so proxy.ts refuses it first (same test as Next's).
 */
export function pathDecodes(pathname: string): boolean {
  return pathname.split("/").every((segment) => {
    try {
      decodeURIComponent(segment);
      return true;
    } catch {
      return false;
    }
  });
}
