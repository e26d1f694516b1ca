/** A refusal the sandbox answers as `{code,msg}` with an HTTP status. Handlers throw it. */
import { ERROR_CODES, type ErrorCodeName } from "../weex/errors";

export class SandboxRefusal extends Error {
  readonly code: number;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(name: ErrorCodeName, status = 400, msg?: string, headers: Record<string, string> = {}) {
    const { code, msg: defaultMsg } = ERROR_CODES[name];
    super(msg ?? defaultMsg);
    this.code = code;
    this.status = status;
    this.headers = headers;
  }

  get body(): { code: number; msg: string } {
    return { code: this.code, msg: this.message };
  }
}
