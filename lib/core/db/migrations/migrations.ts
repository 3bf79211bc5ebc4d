import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { diffSchemas, NO_FILTERS, openSchemaEngine } from "./engine";

// Migrations stay ordinary Prisma migrations (`<timestamp>_<name>/migration.sql`, recorded in
// `_prisma_migrations`), so `prisma migrate deploy` accepts the same folder where its binary
// exists. Beside them lies one snapshot of the schema the last migration was made from (and
// the digests of the hand-written SQL then): the next migration is the diff from that snapshot
// to the current schema, with no database needed. Prisma reads only the folders.
export const MIGRATIONS_DIR = resolve("prisma/migrations");
export const SCHEMA_PATH = resolve("prisma/schema.prisma");
/** Hand-written SQL Prisma cannot express (triggers, GIN and partial indexes); idempotent. */
export const SQL_DIR = resolve("prisma/sql");
const LOCKFILE = { path: "migration_lock.toml", content: 'provider = "postgresql"\n' };
/** The schema as of the last migration. */
export const SCHEMA_SNAPSHOT_PATH = join(MIGRATIONS_DIR, "schema-snapshot.prisma");
/** Digests of the prisma/sql files as of the last migration, to tell which changed since. */
const SQL_DIGESTS_PATH = join(MIGRATIONS_DIR, "sql-digests.json");

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

const readIfExists = (path: string) =>
  readFile(path, "utf8").catch((err: NodeJS.ErrnoException) => (err.code === "ENOENT" ? null : Promise.reject(err)));

async function readSqlDigests(): Promise<Record<string, string>> {
  const text = await readIfExists(SQL_DIGESTS_PATH);
  return text ? (JSON.parse(text) as Record<string, string>) : {};
}

export async function listMigrationDirs(dir = MIGRATIONS_DIR): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && /^\d+_/.test(e.name))
    .map((e) => e.name)
    .sort();
}

async function readMigrationsList(dir: string) {
  const names = await listMigrationDirs(dir);
  return {
    baseDir: dir,
    lockfile: LOCKFILE,
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: { tag: "ok" as const, value: await readFile(join(dir, name, "migration.sql"), "utf8") },
        },
      })),
    ),
  };
}

/** Applies every migration the database has not recorded yet; returns the names applied. */
export async function applyMigrations(connectionString: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const schema = await readFile(SCHEMA_PATH, "utf8");
  const { engine, close } = await openSchemaEngine(connectionString, schema);
  try {
    const out = await engine.applyMigrations({ migrationsList: await readMigrationsList(dir), filters: NO_FILTERS });
    return out.appliedMigrationNames;
  } finally {
    await close();
  }
}

async function readSqlFiles(dir: string): Promise<Map<string, string>> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".sql")).sort();
  return new Map(await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n), "utf8")] as [string, string])));
}

/**
 * Writes a new migration folder: the schema diff since the last snapshot plus every hand-written
 * SQL file that changed since then. Returns null when there is nothing to migrate.
 */
export async function createMigration(name: string, connectionString: string, now = new Date()): Promise<string | null> {
  const schema = await readFile(SCHEMA_PATH, "utf8");
  const previousSchema = await readIfExists(SCHEMA_SNAPSHOT_PATH);
  const previousSql = await readSqlDigests();
  const currentSql = await readSqlFiles(SQL_DIR);

  // The engine connects when it starts, although diffing two datamodels reads no table.
  const { engine, close } = await openSchemaEngine(connectionString, schema);
  let sql: string;
  try {
    sql = (await diffSchemas(engine, previousSchema, schema)).trim();
  } finally {
    await close();
  }
  const changedSql = [...currentSql].filter(([file, text]) => previousSql[file] !== digest(text));
  if (!sql.replace(/^--.*$/gm, "").trim() && changedSql.length === 0) return null;

  const parts = [sql, ...changedSql.map(([file, text]) => `-- From prisma/sql/${file}\n${text.trim()}`)].filter(Boolean);
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  const folder = `${stamp}_${name.replace(/[^a-z0-9]+/gi, "_").toLowerCase()}`;
  const target = join(MIGRATIONS_DIR, folder);
  await mkdir(target, { recursive: true });
  await writeFile(join(target, "migration.sql"), parts.join("\n\n") + "\n");
  await writeFile(SCHEMA_SNAPSHOT_PATH, schema);
  const digests = Object.fromEntries([...currentSql].map(([file, text]) => [file, digest(text)]));
  await writeFile(SQL_DIGESTS_PATH, JSON.stringify(digests, null, 2) + "\n");
  await writeFile(join(MIGRATIONS_DIR, LOCKFILE.path), LOCKFILE.content);
  return folder;
}
