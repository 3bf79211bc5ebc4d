import type { TestProject } from "vitest/node";
import { applyMigrations } from "@/lib/db/migrations/migrations";
import { createDatabase, dropDatabasesWithPrefix } from "./test-databases";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

// Databases of runs that crashed are named with an older run id and swept by the next run.
const RUN_PREFIX = "pd_test_";

export default async function setup(project: TestProject) {
  const run = `${RUN_PREFIX}${process.pid}_${Date.now().toString(36)}`;
  const template = `${run}_tpl`;
  await dropDatabasesWithPrefix(RUN_PREFIX);
  const url = await createDatabase(template);
  await applyMigrations(url);
  project.provide("templateDatabase", template);
  return async () => {
    await dropDatabasesWithPrefix(run);
  };
}
