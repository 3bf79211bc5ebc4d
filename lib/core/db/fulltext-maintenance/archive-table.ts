import type { DbOrTx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { ident } from "@/lib/core/db/online-alter/large-tables";
import { readColumns, tableExists } from "@/lib/core/db/online-alter/read-table-shape";

/** Cold activity rows live here: the same columns, no search tsvector, no GIN index. */
export const ACTIVITY_ARCHIVE_TABLE = "activity_log_archive";

/**
 * Creates the archive on first use, and adds columns the activity log gained since (an online
 * alter): a moved row never loses a field. Insert-only like the log itself. Serialized by an
 * advisory lock so two first runs do not both create it.
 */
export async function ensureActivityArchive(tx: DbOrTx): Promise<{ created: boolean; columns: string[] }> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${ACTIVITY_ARCHIVE_TABLE}))`;
  const archive = ident(ACTIVITY_ARCHIVE_TABLE);
  const created = !(await tableExists(tx, ACTIVITY_ARCHIVE_TABLE));
  const source = await readColumns(tx, "activity_log");
  if (created) {
    // Plain LIKE: column names, types and NOT NULL; no defaults (rows come with their id), no indexes.
    await tx.$executeRaw`CREATE TABLE ${archive} (LIKE activity_log)`;
    for (const c of source.filter((c) => c.generated)) await tx.$executeRaw`ALTER TABLE ${archive} DROP COLUMN ${ident(c.name)}`;
    await tx.$executeRaw`ALTER TABLE ${archive} ADD PRIMARY KEY (id)`;
    await tx.$executeRaw`CREATE INDEX activity_log_archive_created_at_id_idx ON ${archive} (created_at, id)`;
    const fks = await tx.$queryRaw<
      { name: string; def: string }[]
    >`SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'activity_log'::regclass AND contype = 'f'`;
    for (const fk of fks)
      await tx.$executeRaw`ALTER TABLE ${archive} ADD CONSTRAINT ${ident(fk.name.replace(/^activity_log_/, "activity_log_archive_").slice(0, 63))} ${rawSql(fk.def)}`;
    await tx.$executeRaw`CREATE TRIGGER activity_log_archive_insert_only BEFORE UPDATE OR DELETE ON ${archive} FOR EACH ROW EXECUTE FUNCTION reject_mutation()`;
    await tx.$executeRaw`CREATE TRIGGER activity_log_archive_no_truncate BEFORE TRUNCATE ON ${archive} FOR EACH STATEMENT EXECUTE FUNCTION reject_mutation()`;
    await tx.$executeRaw`COMMENT ON TABLE ${archive} IS 'Cold rows of activity_log moved by fulltext:archive (docs/operations.md); insert-only, not searched by the activity report.'`;
  }
  const present = new Set((await readColumns(tx, ACTIVITY_ARCHIVE_TABLE)).map((c) => c.name));
  const types = await tx.$queryRaw<{ name: string; type: string }[]>`
    SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
    WHERE attrelid = 'activity_log'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`;
  for (const c of types.filter((t) => !present.has(t.name))) {
    await tx.$executeRaw`ALTER TABLE ${archive} ADD COLUMN ${ident(c.name)} ${rawSql(c.type)}`;
  }
  return { created, columns: types.map((t) => t.name) };
}

/** Catalog text (a constraint definition, a type name) as SQL: never text from a person. */
const rawSql = (text: string) => Prisma.raw(text);
