/**
 * Reading a request's body for the API pipeline. JSON bodies must say so
 * (`Content-Type: application/json`): a form or a `text/plain` fetch is a
 * "simple" request another site's page can send without a CORS preflight, so
 * any other type — or a body with no type — on a write is refused with 415.
 */
import { ApiError } from "./errors";
import { jsonBodyProblem } from "./safe-input";

const MAX_BODY_BYTES = 1_000_000;
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function isJsonMediaType(contentType: string): boolean {
  return contentType.split(";")[0]?.trim().toLowerCase() === "application/json";
}

function declaresBody(request: Request): boolean {
  return Number(request.headers.get("content-length") ?? 0) > 0 || request.headers.has("transfer-encoding");
}

/** 415 for a write whose body (or declared type) is anything but JSON; bodiless writes pass. */
export function assertJsonContentType(request: Request): void {
  if (!WRITE_METHODS.has(request.method.toUpperCase())) return;
  const contentType = request.headers.get("content-type");
  if (contentType === null ? !declaresBody(request) : isJsonMediaType(contentType)) return;
  throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "request bodies must be JSON sent as Content-Type: application/json");
}

function badBody(msg: string): ApiError {
  return new ApiError(400, "BAD_REQUEST", msg);
}

/** The parsed JSON body (undefined when empty); 413 past 1 MB, 400 when not JSON or unacceptable anywhere. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ApiError(413, "PAYLOAD_TOO_LARGE", "request body too large");
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new ApiError(413, "PAYLOAD_TOO_LARGE", "request body too large");
  if (!text.trim()) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw badBody("body must be JSON");
  }
  const problem = jsonBodyProblem(body);
  if (problem) throw badBody(`invalid request body: ${problem}`);
  return body;
}
