import type { DbOrTx } from "@/lib/core/db/client";

// What a rebuilt table must carry over that `CREATE TABLE ... (LIKE ... INCLUDING ALL)` does not:
// foreign keys (out and in), triggers, sequence ownership, statistics targets, grants, the
// comment; and what it must match by name afterwards: its indexes.

export interface ColumnShape {
  name: string;
  generated: boolean;
  identity: boolean;
  /** -1 (or null on newer servers): the default target. */
  statTarget: number | null;
}

export interface TableShape {
  table: string;
  columns: ColumnShape[];
  primaryKey: string;
  indexes: { name: string; key: string }[];
  /** `references`: the table the key points to, locked first when the key is added (the writers' order). */
  foreignKeys: { name: string; def: string; columns: string[]; references: string }[];
  referencedBy: { table: string; name: string; def: string }[];
  triggers: { name: string; def: string }[];
  ownedSequences: { sequence: string; column: string; identity: boolean }[];
  grants: { grantee: string; privilege: string }[];
  comment: string | null;
  dependentViews: string[];
  rowEstimate: number;
}

export async function tableExists(client: DbOrTx, table: string): Promise<boolean> {
  const [row] = await client.$queryRaw<{ oid: string | null }[]>`SELECT to_regclass(${table})::oid::text AS oid`;
  return row?.oid != null;
}

/** An index definition without its own name and table: equal keys mean equal indexes. */
export const indexKey = (def: string) =>
  def.replace(/^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+ /, (_m, unique: string | undefined) => (unique ? "UNIQUE " : ""));

export async function readColumns(client: DbOrTx, table: string): Promise<ColumnShape[]> {
  return client.$queryRaw<ColumnShape[]>`
    SELECT attname AS name, attgenerated <> '' AS generated, attidentity <> '' AS identity, attstattarget::int AS "statTarget"
    FROM pg_attribute WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`;
}

export async function readIndexes(client: DbOrTx, table: string): Promise<{ name: string; key: string }[]> {
  const rows = await client.$queryRaw<{ name: string; def: string }[]>`
    SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = ${table}::regclass ORDER BY c.relname`;
  return rows.map((r) => ({ name: r.name, key: indexKey(r.def) }));
}

export async function readTableShape(client: DbOrTx, table: string, ownTriggers: string[] = []): Promise<TableShape> {
  const columns = await readColumns(client, table);
  const pk = await client.$queryRaw<{ name: string; type: string }[]>`
    SELECT a.attname AS name, format_type(a.atttypid, NULL) AS type FROM pg_index i
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
    WHERE i.indrelid = ${table}::regclass AND i.indisprimary`;
  if (pk.length !== 1 || !["integer", "bigint", "smallint"].includes(pk[0]!.type))
    throw new Error(`${table} needs a primary key of one integer column for a batched copy`);
  const foreignKeys = await client.$queryRaw<{ name: string; def: string; columns: string[]; references: string }[]>`
    SELECT c.conname AS name, pg_get_constraintdef(c.oid) AS def, c.confrelid::regclass::text AS "references",
           ARRAY(SELECT attname::text FROM pg_attribute WHERE attrelid = c.conrelid AND attnum = ANY (c.conkey)) AS columns
    FROM pg_constraint c WHERE c.conrelid = ${table}::regclass AND c.contype = 'f' ORDER BY c.conname`;
  const referencedBy = await client.$queryRaw<{ table: string; name: string; def: string }[]>`
    SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c WHERE c.confrelid = ${table}::regclass AND c.conrelid <> c.confrelid AND c.contype = 'f' ORDER BY 1, 2`;
  const triggers = await client.$queryRaw<{ name: string; def: string }[]>`
    SELECT tgname AS name, pg_get_triggerdef(oid) AS def FROM pg_trigger
    WHERE tgrelid = ${table}::regclass AND NOT tgisinternal AND NOT (tgname = ANY (${ownTriggers}::text[])) ORDER BY tgname`;
  const ownedSequences = await client.$queryRaw<{ sequence: string; column: string; identity: boolean }[]>`
    SELECT s.relname AS sequence, a.attname AS column, d.deptype = 'i' AS identity
    FROM pg_depend d JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
    JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
    WHERE d.classid = 'pg_class'::regclass AND d.refobjid = ${table}::regclass AND d.deptype IN ('a', 'i')`;
  const grants = await client.$queryRaw<{ grantee: string; privilege: string }[]>`
    SELECT CASE WHEN g.grantee = 0 THEN 'PUBLIC' ELSE g.grantee::regrole::text END AS grantee, g.privilege_type AS privilege
    FROM pg_class c, aclexplode(c.relacl) g WHERE c.oid = ${table}::regclass AND g.grantee <> c.relowner`;
  const dependentViews = await client.$queryRaw<{ name: string }[]>`
    SELECT DISTINCT v.oid::regclass::text AS name FROM pg_depend d
    JOIN pg_rewrite r ON r.oid = d.objid JOIN pg_class v ON v.oid = r.ev_class
    WHERE d.classid = 'pg_rewrite'::regclass AND d.refobjid = ${table}::regclass AND v.oid <> ${table}::regclass`;
  const [meta] = await client.$queryRaw<{ comment: string | null; estimate: number }[]>`
    SELECT obj_description(${table}::regclass, 'pg_class') AS comment, greatest(reltuples, 0)::float8 AS estimate FROM pg_class WHERE oid = ${table}::regclass`;
  return {
    table,
    columns,
    primaryKey: pk[0]!.name,
    indexes: await readIndexes(client, table),
    foreignKeys,
    referencedBy,
    triggers,
    ownedSequences,
    grants,
    comment: meta?.comment ?? null,
    dependentViews: dependentViews.map((v) => v.name),
    rowEstimate: Math.round(meta?.estimate ?? 0),
  };
}

/** Columns both tables hold and neither generates: what the copy and the mirror trigger write. */
export function copiedColumns(original: ColumnShape[], shadow: ColumnShape[]): string[] {
  const writable = new Set(shadow.filter((c) => !c.generated).map((c) => c.name));
  return original.filter((c) => !c.generated && writable.has(c.name)).map((c) => c.name);
}
