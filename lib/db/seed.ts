import "server-only";
import { DEMO_USER } from "@/lib/auth/demo";
import { passwordProblem } from "@/lib/auth/password";
import { createUser, findUserByEmail, normalizeEmail } from "@/lib/auth/users";
import { isDemoMode } from "@/lib/config/mode";
import { getDb, type Db } from "./client";

export interface SeedOptions {
  /** Create the demo user (demo mode). */
  demo: boolean;
  /** Create this admin when no user has its e-mail (ADMIN_EMAIL / ADMIN_PASSWORD). */
  admin?: { email: string; password: string };
  /** bcrypt cost override (tests). */
  bcryptCost?: number;
}

export function seedOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SeedOptions {
  const email = env.ADMIN_EMAIL?.trim();
  const password = env.ADMIN_PASSWORD;
  if (Boolean(email) !== Boolean(password)) {
    console.warn("[db] ADMIN_EMAIL and ADMIN_PASSWORD must be set together; no admin is seeded");
  }
  return {
    demo: isDemoMode(env),
    admin: email && password ? { email, password } : undefined,
  };
}

/**
 * First-start users. Idempotent and safe when several instances start together
 * (inserts ignore an existing e-mail). Never changes an existing user: a changed
 * ADMIN_PASSWORD does not reset the admin's password.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<{ created: string[] }> {
  const created: string[] = [];
  const wanted: { email: string; password: string; name: string; role: "admin" }[] = [];
  const adminProblem = options.admin ? passwordProblem(options.admin.password) : null;
  if (options.admin && adminProblem) {
    console.error(`[db] ADMIN_PASSWORD ${adminProblem}: the admin ${options.admin.email} was not created`);
  } else if (options.admin) {
    wanted.push({ email: options.admin.email, password: options.admin.password, name: "Administrator", role: "admin" });
  }
  if (options.demo) {
    wanted.push({ email: DEMO_USER.email, password: DEMO_USER.password, name: DEMO_USER.name, role: DEMO_USER.role });
  }
  for (const user of wanted) {
    if (await findUserByEmail(db, user.email)) continue;
    const row = await createUser(db, user, { bcryptCost: options.bcryptCost, skipPasswordRules: true, ignoreExisting: true });
    if (row) created.push(normalizeEmail(user.email));
  }
  if (!options.demo && !options.admin) {
    const [anyone] = await db.query.users.findMany({ columns: { id: true }, limit: 1 });
    if (!anyone) console.warn("[db] no users yet: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin");
  }
  return { created };
}

/** The app's first-start users, from the environment: run once at server start (lib/startup.ts) and by test helpers that sign in. */
export async function seedAppDatabase(env: NodeJS.ProcessEnv = process.env): Promise<{ created: string[] }> {
  return seedDatabase(await getDb(), seedOptionsFromEnv(env));
}
