import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffSchemas, openSchemaEngine } from "@/lib/db/migrations/engine";
import { applyMigrations, SCHEMA_PATH, SQL_DIR } from "@/lib/db/migrations/migrations";
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

  it("are recorded, so applying them again changes nothing", async () => {
    expect(await applyMigrations(process.env.DATABASE_URL!)).toEqual([]);
  });
});
