import type { TestProject } from "vitest/node";
import { applyMigrations } from "@/lib/db/migrations/migrations";
import { createDatabase, dropDatabasesWithPrefix, withAdmin } from "./test-databases";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
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
  const names = await withAdmin(async (c) => (await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${RUN_PREFIX}%`])).rows.map((r) => r.datname));
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
  return async () => {
    await dropDatabasesWithPrefix(run);
  };
}
