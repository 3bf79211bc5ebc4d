import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffSchemas, openSchemaEngine } from "@/lib/core/db/migrations/engine";
import {
  applyMigrations,
  listMigrationDirs,
  MIGRATIONS_DIR,
  SCHEMA_PATH,
  SCHEMA_SNAPSHOT_PATH,
  SQL_DIR,
} from "@/lib/core/db/migrations/migrations";
import { readCatalog, runScript } from "./catalog";
import { createDatabase, dropDatabase } from "./test-databases";

const fromSchemaDb = `pd_test_schema_${process.pid}_${Date.now().toString(36)}`;

afterAll(async () => {
  await dropDatabase(fromSchemaDb);
});

describe("migrations", () => {
  it("produce exactly the schema in schema.prisma, plus the hand-written SQL", async () => {
    // This file's database was built by applying prisma/migrations (see tests/setup.ts).
    const migratedUrl = process.env.DATABASE_URL!;
    const schema = await readFile(SCHEMA_PATH, "utf8");

    // A second database built straight from the schema's own SQL and prisma/sql.
    const url = await createDatabase(fromSchemaDb);
    const { engine, close } = await openSchemaEngine(url, schema);
    const schemaSql = await diffSchemas(engine, null, schema).finally(close);
    await runScript(url, schemaSql);
    for (const file of (await readdir(SQL_DIR)).filter((f) => f.endsWith(".sql")).sort()) {
      await runScript(url, await readFile(join(SQL_DIR, file), "utf8"));
    }

    const [migrated, expected] = await Promise.all([readCatalog(migratedUrl), readCatalog(url)]);
    expect(migrated.columns.length).toBeGreaterThan(300);
    expect(migrated).toEqual(expected);
  });

  it("keep one schema snapshot, that of the last migration, and no copy per folder", async () => {
    for (const dir of await listMigrationDirs()) expect(await readdir(join(MIGRATIONS_DIR, dir))).toEqual(["migration.sql"]);
    const [snapshot, schema] = await Promise.all([readFile(SCHEMA_SNAPSHOT_PATH, "utf8"), readFile(SCHEMA_PATH, "utf8")]);
    const { engine, close } = await openSchemaEngine(process.env.DATABASE_URL!, schema);
    const pending = await diffSchemas(engine, snapshot, schema).finally(close);
    // A schema change without its migration would show here (and in the catalog comparison above).
    expect(pending.replace(/^--.*$/gm, "").trim()).toBe("");
  });

  it("are recorded, so applying them again changes nothing", async () => {
    expect(await applyMigrations(process.env.DATABASE_URL!)).toEqual([]);
  });
});
