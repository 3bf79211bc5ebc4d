import type { DbOrTx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { ident, mirrorFunctionName, mirrorTriggerName, shadowName, type LargeFulltextTable } from "./large-tables";

// While the copy runs, every write to the table is repeated on the shadow by a row trigger in
// the writer's own transaction: a row the copy has passed stays current, a row it has not
// reached yet is there already when it comes (the copy skips it), a deleted row leaves both.
// The shadow may refuse a row the table takes (a shorter type, a CHECK, a lock wait): the
// failure is recorded for the run and the writer goes on; the run stops before the swap.

/** The function body. Names come from the catalog and pass `ident`; nothing else is spliced in. */
function mirrorFunctionSql(table: LargeFulltextTable, primaryKey: string, columns: string[], runId: string): Prisma.Sql {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(runId))
    throw new Error(`unexpected run id ${JSON.stringify(runId)}`);
  const run = Prisma.raw(`'${runId}'`);
  const shadow = ident(shadowName(table));
  const pk = ident(primaryKey);
  const list = Prisma.join(columns.map(ident), ", ");
  const values = Prisma.join(
    columns.map((c) => Prisma.sql`NEW.${ident(c)}`),
    ", ",
  );
  const updates = columns.filter((c) => c !== primaryKey);
  const onConflict = updates.length
    ? Prisma.sql`DO UPDATE SET ${Prisma.join(
        updates.map((c) => Prisma.sql`${ident(c)} = EXCLUDED.${ident(c)}`),
        ", ",
      )}`
    : Prisma.sql`DO NOTHING`;
  return Prisma.sql`CREATE OR REPLACE FUNCTION ${ident(mirrorFunctionName(table))}() RETURNS trigger LANGUAGE plpgsql AS $mirror$
BEGIN
  BEGIN
    IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW.${pk} IS DISTINCT FROM OLD.${pk}) THEN
      DELETE FROM ${shadow} WHERE ${pk} = OLD.${pk};
    END IF;
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO ${shadow} (${list}) OVERRIDING SYSTEM VALUE VALUES (${values}) ON CONFLICT (${pk}) ${onConflict};
    END IF;
  EXCEPTION WHEN OTHERS THEN
    INSERT INTO online_alter_mirror_failures (run_id, sqlstate, message) VALUES (${run}::uuid, SQLSTATE, left(SQLERRM, 500));
  END;
  RETURN NULL;
END;
$mirror$`;
}

/** Creates (or replaces) the mirror function and puts its trigger on the table. */
export async function installMirror(
  client: DbOrTx,
  table: LargeFulltextTable,
  primaryKey: string,
  columns: string[],
  runId: string,
): Promise<void> {
  await client.$executeRaw(mirrorFunctionSql(table, primaryKey, columns, runId));
  // CREATE TRIGGER waits for the writers in flight: every write after it is mirrored.
  await client.$executeRaw`CREATE TRIGGER ${ident(mirrorTriggerName(table))} AFTER INSERT OR UPDATE OR DELETE ON ${ident(table)} FOR EACH ROW EXECUTE FUNCTION ${ident(mirrorFunctionName(table))}()`;
}

/**
 * Turns the mirror into a no-op without touching the table: replacing a function takes no table
 * lock, whereas dropping the trigger needs the table's strongest lock, which a long reader may
 * hold. The shadow can then go at once and the trigger later.
 */
export async function disableMirror(client: DbOrTx, table: LargeFulltextTable): Promise<void> {
  await client.$executeRaw`CREATE OR REPLACE FUNCTION ${ident(mirrorFunctionName(table))}() RETURNS trigger LANGUAGE plpgsql AS $noop$ BEGIN RETURN NULL; END; $noop$`;
}

export async function mirrorState(client: DbOrTx, table: LargeFulltextTable): Promise<{ hasTrigger: boolean; hasFunction: boolean }> {
  const [row] = await client.$queryRaw<{ trigger: boolean; fn: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = ${table}::regclass AND tgname = ${mirrorTriggerName(table)}) AS trigger,
           EXISTS (SELECT 1 FROM pg_proc WHERE proname = ${mirrorFunctionName(table)} AND pronamespace = current_schema()::regnamespace) AS fn`;
  return { hasTrigger: row!.trigger, hasFunction: row!.fn };
}

export async function dropMirrorTrigger(client: DbOrTx, table: LargeFulltextTable): Promise<void> {
  await client.$executeRaw`DROP TRIGGER IF EXISTS ${ident(mirrorTriggerName(table))} ON ${ident(table)}`;
}

export async function dropMirrorFunction(client: DbOrTx, table: LargeFulltextTable): Promise<void> {
  await client.$executeRaw`DROP FUNCTION IF EXISTS ${ident(mirrorFunctionName(table))}()`;
}
