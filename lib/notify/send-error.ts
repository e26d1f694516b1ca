/** A send that did not succeed. `permanent`: trying again cannot help (no endpoint, a refused URL, no mail server configured). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = "SendError";
  }
}
