/**
 * The input classes of the fuzz test (e2e/fuzz.spec.ts), as raw request parts:
 * NUL and control characters, malformed percent-encoding, over-long strings,
 * wrong JSON types, non-JSON bodies and huge numbers — in path segments, query
 * values, JSON bodies and cookies.
 */
export interface FuzzRequest {
  method: string;
  /** Raw path and query, sent byte for byte (never re-encoded). */
  path: string;
  cookie?: string;
  body?: string;
  contentType?: string;
}

const LONG = "a".repeat(5_000);

/** A dynamic path segment, as it appears in the URL. */
export const FUZZ_SEGMENTS = ["%00", "a%00b", "%01", "%7F", "%", "%E0%A4%A", "%C0%AF", LONG, "..%2F..%2Fapi"];

// Every query parameter some route reads (filters, paging, ids, options).
const QUERY_NAMES = ["connection", "limit", "range", "from", "to", "coin", "product", "source", "uid", "sub", "interval", "tz", "table", "orientation", "page", "pageSize", "sort", "order", "search", "symbol", "orderId", "startTime", "endTime"];
// Long, but not so long that 23 of them pass Node's 16 KB header limit (a 431 from Node itself).
const QUERY_VALUES = ["%00", "%0A%0D", "%", "%E0%A4%A", LONG.slice(0, 400), "1e309", "99999999999999999999999999", "-1", "%5B%5D"];

/** Whole query strings: each value class in every known parameter at once, and as a repeated and an unknown key. */
export const FUZZ_QUERIES = [
  ...QUERY_VALUES.map((value) => QUERY_NAMES.map((name) => `${name}=${value}`).join("&")),
  "limit=1&limit=2&connection=a&connection=b",
  "%00=1",
  "%=%",
];

/** Cookies a client can send: ours with hostile values, and next-auth's. */
export const FUZZ_COOKIES = [
  "rd_connection=%00",
  "rd_connection=%",
  "rd_connection=%E0%A4%A",
  `rd_connection=${LONG}`,
  "rd_share_0123456789abcdef=%",
  "next-auth.session-token=%00",
  "next-auth.csrf-token=%E0%A4%A",
];

// Every JSON field some route reads, so a value class reaches each schema.
const BODY_FIELDS = ["id", "name", "spotBaseUrl", "contractBaseUrl", "apiKey", "secret", "passphrase", "report", "query", "mode", "expiry", "password", "redactUids", "percentages", "label", "paused", "symbol", "side", "positionSide", "type", "quantity", "price", "newClientOrderId", "clientAlgoId", "orderList", "orderIdList", "origClientOrderIdList", "limit", "startTime", "endTime", "pageSize"];
const BODY_VALUES = ['"a\\u0000b"', '"\\u0001\\u001f"', `"${LONG}"`, "1e400", "123456789012345678901234567890", "-1", "null", "[]", '[{"a":"\\u0000"}]'];

const json = (body: string): Pick<FuzzRequest, "body" | "contentType"> => ({ body, contentType: "application/json" });

/** Request bodies: wrong JSON types, each value class in every known field, non-JSON and mistyped bodies. */
export const FUZZ_BODIES: Array<Pick<FuzzRequest, "body" | "contentType">> = [
  ...["null", '"text"', '[{"id":"x"}]', "1e400", '{"\\u0000":1}', `${"[".repeat(5_000)}${"]".repeat(5_000)}`].map(json),
  ...BODY_VALUES.map((value) => json(`{${BODY_FIELDS.map((field) => `"${field}":${value}`).join(",")}}`)),
  json("{oops"),
  json(""),
  json(`"${"x".repeat(1_100_000)}"`),
  { body: '{"id":"sandbox"}', contentType: "text/plain" },
  { body: '{"id":"sandbox"}' },
  { body: "id=sandbox&paused=true", contentType: "application/x-www-form-urlencoded" },
  { body: "\u0000\u0001\u0002", contentType: "application/octet-stream" },
];
