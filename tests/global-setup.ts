import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "@/lib/core/db/migrations/migrations";
import { envelopeLeaks, eventCount, readEnvelopes } from "./sentry-envelope-check";
import { createDatabase, dropDatabasesWithPrefix, withAdmin } from "./test-databases";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
    sentryEnvelopeDir: string;
  }
}

/**
 * Issue 18's acceptance: no envelope the error tracker got during the run carries an e-mail
 * address, token, client address, cookie or query string. A leak fails the run.
 */
function assertEnvelopesClean(dir: string): void {
  const envelopes = readEnvelopes(dir);
  const leaks = envelopeLeaks(envelopes);
  console.log(`sentry: ${eventCount(envelopes)} events checked (${envelopes.length} envelopes)`);
  if (leaks.length) throw new Error(`sentry: ${leaks.length} leaks in captured events (kept in ${dir}):\n${leaks.slice(0, 20).join("\n")}`);
  rmSync(dir, { recursive: true, force: true });
}

// Databases of runs that crashed are named with an older run id and swept by the next run.
const RUN_PREFIX = "pd_test_";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Sweeps the databases of crashed runs only: a run still going (its pid is alive) keeps its own. */
async function dropDatabasesOfEndedRuns(): Promise<void> {
  const names = await withAdmin(async (c) =>
    (await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${RUN_PREFIX}%`])).rows.map(
      (r) => r.datname,
    ),
  );
  const runs = new Set(names.map((n) => /^pd_test_(\d+)_[a-z0-9]+/.exec(n)?.[0]).filter((r): r is string => !!r));
  for (const run of runs) {
    const pid = Number(/^pd_test_(\d+)_/.exec(run)![1]);
    if (!isRunning(pid)) await dropDatabasesWithPrefix(run);
  }
}

export default async function setup(project: TestProject) {
  const run = `${RUN_PREFIX}${process.pid}_${Date.now().toString(36)}`;
  const template = `${run}_tpl`;
  await dropDatabasesOfEndedRuns();
  const url = await createDatabase(template);
  await applyMigrations(url);
  project.provide("templateDatabase", template);
  const envelopes = mkdtempSync(join(tmpdir(), "pd-sentry-"));
  project.provide("sentryEnvelopeDir", envelopes);
  return async () => {
    await dropDatabasesWithPrefix(run);
    assertEnvelopesClean(envelopes);
  };
}
