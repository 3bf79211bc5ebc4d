import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: [
      "lib/**/*.test.ts",
      "tests/**/*.test.ts",
      "scripts/**/*.test.ts",
      "inngest/**/*.test.ts",
      "app/**/*.test.ts",
      "components/**/*.test.{ts,tsx}",
      "prisma/**/*.test.ts",
    ],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup.ts"],
    // Files spend much of their time waiting on PostgreSQL and Redis: on two cores, two files at a
    // time take two thirds of the wall time one does (vitest's default there is one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ["default", "./tests/summary-reporter.ts"],
  },
});
