import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

describe("console on the embedded default", () => {
  it("migrates a data directory the service never opened, then runs the command (exit 0)", { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), "pd-cli-"));
    try {
      // The embedded default: no DATABASE_URL, no REDIS_URL.
      const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
      const { stdout } = await promisify(execFile)("node_modules/.bin/tsx", ["bin/cli.ts", "press-releases:publish-scheduled"], {
        env: { ...env, EMBEDDED_DATA_DIR: dir, EMBEDDED_DB_PORT: String(56000 + (process.pid % 1000)) },
      });
      expect(stdout).toContain("published 0, blocked 0");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
