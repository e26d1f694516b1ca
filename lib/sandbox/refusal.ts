/** A refusal the sandbox answers as `{code,msg}` with an HTTP status. Handlers throw it. */
import { ERROR_CODES, type ErrorCodeName } from "../weex/errors";

export class SandboxRefusal extends Error {
  readonly code: number;
  readonly status: number;
  readonly headers: Record<string, string>;

  /** `name` is one of the addendum's codes by name, or a raw code from a sandbox component that knows its own. */
  constructor(name: ErrorCodeName | number, status = 400, msg?: string, headers: Record<string, string> = {}) {
    const known = typeof name === "number" ? undefined : ERROR_CODES[name];
    super(msg ?? known?.msg ?? "request refused");
    this.code = typeof name === "number" ? name : (known as { code: number }).code;
    this.status = status;
    this.headers = headers;
  }

  get body(): { code: number; msg: string } {
    return { code: this.code, msg: this.message };
  }
}
