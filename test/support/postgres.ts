/**
 * A throwaway database on the PostgreSQL server of TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), dropped afterwards, so runs and
 * test files never collide. Fails clearly when the server is unreachable:
 * PostgreSQL mode is part of what the tests prove.
 */
import { Client } from "pg";

export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function temporaryPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is required for these tests and is unreachable at ${PG_URL} (set TEST_DATABASE_URL): ${(error as Error).message}`,
    );
  }
  const name = `rd_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
