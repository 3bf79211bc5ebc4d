import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    "lib/generated/**",
    "node_modules/**",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // lib/ in layers, bottom to top: core, domains, adapters, runtime (docs/architecture.md).
    // A layer imports only itself and the layers below it; the order among domains is kept by
    // the folder graph (tests/import-layers.test.ts, `npx tsx scripts/import-graph.ts`).
    // Tests beside the code may drive it through any door, so they are outside the zones.
    files: ["lib/**"],
    ignores: ["lib/**/*.test.ts", "lib/**/*.test.tsx"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./lib/core", from: ["./lib/domains", "./lib/adapters", "./lib/runtime"], message: "core imports nothing above it." },
            {
              target: "./lib/domains",
              from: ["./lib/adapters", "./lib/runtime"],
              message: "A domain imports only core and other domains.",
            },
            { target: "./lib/adapters", from: ["./lib/runtime"], message: "An adapter never imports the runtime that wires it." },
          ],
        },
      ],
    },
  },
  {
    // Imports go one way: app and inngest use lib, never the reverse.
    files: ["lib/**", "components/**", "inngest/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/app/*"], message: "lib/, components/ and inngest/ must not import from app/." }] },
      ],
    },
  },
]);
