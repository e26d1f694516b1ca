/**
 * Reading search parameters the same way on the server (Next's
 * `searchParams` record) and in the browser (URLSearchParams /
 * ReadonlyURLSearchParams). Pure.
 */
export type SearchParamsLike =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | string[] | undefined>>;

/** The first value of a parameter, or undefined. */
export function readParam(params: SearchParamsLike, name: string): string | undefined {
  if (typeof (params as { get?: unknown }).get === "function") {
    return (params as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const value = (params as Readonly<Record<string, string | string[] | undefined>>)[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A copy of `current` with `patch` applied: a value sets the parameter, and
 * undefined, "" or the parameter's default removes it (clean, shareable URLs).
 */
export function patchParams(
  current: URLSearchParams | string,
  patch: Readonly<Record<string, string | undefined>>,
  defaults: Readonly<Record<string, string>> = {},
): URLSearchParams {
  const next = new URLSearchParams(typeof current === "string" ? current : current.toString());
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined || value === "" || value === defaults[name]) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/**
 * A page's `searchParams` record as URLSearchParams, in the URL's order: its
 * `toString()` is what `useSearchParams().toString()` gives in the browser for
 * the same URL (so server and browser can build the same query key).
 */
export function toSearchParams(record: Readonly<Record<string, string | string[] | undefined>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(record)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(name, one);
  }
  return params;
}
