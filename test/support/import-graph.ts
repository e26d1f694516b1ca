/**
 * What the browser loads up front, read from the sources: the modules a page
 * reaches through static imports, starting to count at each "use client"
 * boundary (server components stay on the server). Type-only imports and
 * dynamic import() (a chunk of its own, loaded later) are not followed.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");

function resolveLocal(specifier: string, from: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && path.extname(candidate)) return candidate;
  }
  return null;
}

interface ModuleInfo {
  client: boolean;
  /** Project files and package names this module imports for its runtime. */
  imports: string[];
}

function readModule(file: string): ModuleInfo {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const first = source.statements[0];
  const client = first !== undefined && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === "use client";
  const imports: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier)) imports.push(resolveLocal(specifier.text, file) ?? specifier.text);
  }
  return { client, imports };
}

/** Package specifiers (e.g. "zod", "zod/mini", "recharts") in the browser's static graph of `entry` (a path from the project root). */
export function clientPackages(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, inClient: boolean, chain: string[]) => {
    const key = `${file}|${inClient}`;
    if (seen.has(key)) return;
    seen.add(key);
    const info = readModule(file);
    const client = inClient || info.client;
    const here = [...chain, path.relative(ROOT, file)];
    for (const target of info.imports) {
      if (path.isAbsolute(target)) visit(target, client, here);
      else if (client && !found.has(target)) found.set(target, here);
    }
  };
  visit(path.join(ROOT, entry), false, []);
  return found;
}
