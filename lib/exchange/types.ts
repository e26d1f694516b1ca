/** Exchange connections as the app sees them. */
import type { Credentials } from "../weex/client";

export type ConnectionSource = "sandbox" | "env" | "db";

/** What the browser may see of a connection: never a secret, only a masked key. */
export interface ConnectionInfo {
  id: string;
  name: string;
  source: ConnectionSource;
  /** Env and sandbox connections are configured outside the app: they cannot be edited or removed in it. */
  readOnly: boolean;
  keyHint: string;
  spotBaseUrl: string;
  contractBaseUrl: string;
}

/** `GET /api/connections`: every connection and the request's selected one (null when none is configured). */
export interface ConnectionsAnswer {
  connections: ConnectionInfo[];
  selectedId: string | null;
}

/** A connection with its decrypted credentials: server-side only. */
export interface ResolvedConnection extends ConnectionInfo {
  credentials: Credentials;
  /** Changes when base URLs or credentials change, so cached clients are rebuilt. */
  fingerprint: string;
}
