/**
 * A connection in the switcher's words. `readOnly` means the connection is
 * configured outside the app (the embedded sandbox, the environment): it cannot
 * be edited or removed in Settings. It says nothing of trading — the sandbox and
 * an environment key place orders — so it is never called "read-only". Pure.
 */
import type { ConnectionInfo } from "./types";

const SOURCE_LABEL: Record<ConnectionInfo["source"], string> = {
  sandbox: "sandbox",
  env: "environment",
  db: "saved",
};

/** The badge beside the switcher for a connection set outside the app, and its title. */
export const MANAGED_OUTSIDE = {
  badge: "Set outside the app",
  title: "Configured by the deployment (the embedded sandbox or environment variables): it cannot be edited or removed in Settings. Whether it can place orders depends on its key's permissions.",
} as const;

export function optionLabel(connection: Pick<ConnectionInfo, "name">): string {
  return connection.name;
}

export function optionTitle(connection: Pick<ConnectionInfo, "name" | "source" | "keyHint" | "readOnly">): string {
  return `${connection.name}: ${SOURCE_LABEL[connection.source]} connection, key ${connection.keyHint}${connection.readOnly ? ", set outside the app (not editable here)" : ""}`;
}
