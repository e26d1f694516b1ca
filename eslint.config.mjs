import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// eslint-config-next 16 exports flat config arrays, so no FlatCompat is needed.
export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // Keep the rule (and next's severity), but honour the usual convention that a
    // leading underscore marks a deliberately unused name: type-only parameters,
    // positional callback arguments, destructuring that omits a key.
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "warn",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // The app's links are components/ui/link.tsx (no prefetching: every page is rendered per request).
    files: ["**/*.ts", "**/*.tsx"],
    ignores: ["components/ui/link.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "next/link", message: "Use { Link } from \"@/components/ui/link\" (no prefetching)." }] }],
    },
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "coverage/**",
    "node_modules/**",
    "next-env.d.ts",
    "playwright-report/**",
    "test-results/**",
    "test-reports/**",
    "bench/results/**",
    "data/**",
    ".e2e-data/**",
  ]),
]);
