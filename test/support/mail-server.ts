/**
 * A real SMTP server in the test process (smtp-server): AUTH required, STARTTLS
 * off (smtp:// in tests), every accepted message parsed with mailparser. It can
 * be told to refuse the next messages (a 451, as a busy server answers), and
 * can run a hook on each message before it answers "250 OK" (a test stops the
 * sender there: the server has the message, the sender never learns it).
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  envelopeTo: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export interface TestMailServer {
  url: string;
  received: ReceivedMail[];
  /** Messages still to refuse with a temporary error. */
  refuseNext: number;
  close(): Promise<void>;
}

export interface MailServerOptions {
  /** Runs on every message before the server accepts it (records it and answers 250). */
  beforeAccept?: (parsed: ParsedMail) => Promise<void>;
}

export async function startMailServer(credentials: { user: string; password: string }, options: MailServerOptions = {}): Promise<TestMailServer> {
  const state = { received: [] as ReceivedMail[], refuseNext: 0 };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) return callback(null, { user: auth.username });
      callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (state.refuseNext > 0) {
          state.refuseNext--;
          const error = new Error("try again later") as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then(async (parsed) => {
            await options.beforeAccept?.(parsed);
            state.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const mail: TestMailServer = {
    url: `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get refuseNext() {
      return state.refuseNext;
    },
    set refuseNext(n: number) {
      state.refuseNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return mail;
}
