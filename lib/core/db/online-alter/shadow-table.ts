import type { DbOrTx, Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { ident, mirrorTriggerName, shadowName, type LargeFulltextTable } from "./large-tables";
import { driverMessage, withLockTimeout, type LockRetry } from "./lock-retry";
import { disableMirror, dropMirrorFunction, dropMirrorTrigger, mirrorState } from "./mirror-trigger";
import { readColumns, tableExists, type ColumnShape, type TableShape } from "./read-table-shape";
import { holdsTable } from "./run-state";

/** Written on the shadow as its comment: which run builds it (the run's row holds its heartbeat). */
export interface ShadowMarker {
  runId: string;
  clause: string;
  startedAt: string;
}

const PRIVILEGE = /^(SELECT|INSERT|UPDATE|DELETE|TRUNCATE|REFERENCES|TRIGGER)$/;

/**
 * Creates the shadow as a copy of the table's definition (columns with their generation and
 * defaults, NOT NULL and CHECK constraints, indexes, statistics targets, grants) and applies the
 * clause to it. The clause reaches only the shadow: `ALTER TABLE "<shadow>" <clause>`, after
 * parseAlterClause rebuilt it from checked tokens. A clause the database refuses is a wrong call.
 */
export async function createShadow(
  client: DbOrTx,
  table: LargeFulltextTable,
  original: TableShape,
  clauseSql: string,
  marker: ShadowMarker,
): Promise<ColumnShape[]> {
  const shadow = shadowName(table);
  await client.$executeRaw`CREATE TABLE ${ident(shadow)} (LIKE ${ident(table)} INCLUDING ALL)`;
  try {
    await client.$executeRaw`ALTER TABLE ${ident(shadow)} ${Prisma.raw(clauseSql)}`;
  } catch (err) {
    throw new AppError("validation_failed", `The database refused the clause on the shadow table: ${driverMessage(err)}`);
  }
  const columns = await readColumns(client, shadow);
  const present = new Set(columns.map((c) => c.name));
  for (const c of original.columns) {
    if (present.has(c.name) && c.statTarget !== null && c.statTarget >= 0) {
      await client.$executeRaw`ALTER TABLE ${ident(shadow)} ALTER COLUMN ${ident(c.name)} SET STATISTICS ${Prisma.raw(String(c.statTarget))}`;
    }
  }
  for (const g of original.grants) {
    if (!PRIVILEGE.test(g.privilege)) continue;
    await client.$executeRaw`GRANT ${Prisma.raw(g.privilege)} ON ${ident(shadow)} TO ${g.grantee === "PUBLIC" ? Prisma.raw("PUBLIC") : ident(g.grantee)}`;
  }
  await writeMarker(client, table, marker);
  return columns;
}

export async function writeMarker(client: DbOrTx, table: LargeFulltextTable, marker: ShadowMarker): Promise<void> {
  const [row] = await client.$queryRaw<{ literal: string }[]>`SELECT quote_literal(${JSON.stringify({ onlineAlter: marker })}) AS literal`;
  await client.$executeRaw`COMMENT ON TABLE ${ident(shadowName(table))} IS ${Prisma.raw(row!.literal)}`;
}

export interface Leftovers {
  shadow: boolean;
  marker: ShadowMarker | null;
  trigger: boolean;
  fn: boolean;
}

/** What an earlier run left behind: a shadow, the mirror trigger or its function. */
export async function findLeftovers(client: DbOrTx, table: LargeFulltextTable): Promise<Leftovers | null> {
  const shadow = await tableExists(client, shadowName(table));
  let marker: ShadowMarker | null = null;
  if (shadow) {
    const [row] = await client.$queryRaw<
      { comment: string | null }[]
    >`SELECT obj_description(${shadowName(table)}::regclass, 'pg_class') AS comment`;
    try {
      marker = (JSON.parse(row?.comment ?? "null") as { onlineAlter?: ShadowMarker } | null)?.onlineAlter ?? null;
    } catch {
      marker = null;
    }
  }
  const { hasTrigger, hasFunction } = await mirrorState(client, table);
  return shadow || hasTrigger || hasFunction ? { shadow, marker, trigger: hasTrigger, fn: hasFunction } : null;
}

class NotOurs extends Error {}

/**
 * Removes the shadow, trigger and function of the run `runId`, each step under a short lock
 * timeout and only while the run still holds the table (its row is locked and checked in the
 * step's transaction): a run taken over as stale never touches what the new run built. The mirror
 * becomes a no-op first, so writers never fail for a shadow that is gone. Returns what is left
 * (the trigger, when a long reader held the table throughout), or null when the table is no
 * longer the run's and nothing was touched.
 */
export async function removeLeftovers(table: LargeFulltextTable, runId: string, retry: LockRetry): Promise<string[] | null> {
  const left: string[] = [];
  const ours = async (tx: Tx) => {
    if (!(await holdsTable(tx, table, runId))) throw new NotOurs();
  };
  try {
    const state = await withLockTimeout(retry, async (tx) => {
      await ours(tx);
      const s = await mirrorState(tx, table);
      if (s.hasFunction) await disableMirror(tx, table);
      return s;
    });
    try {
      await withLockTimeout(retry, async (tx) => {
        await ours(tx);
        await tx.$executeRaw`DROP TABLE IF EXISTS ${ident(shadowName(table))}`;
      });
    } catch (err) {
      if (err instanceof NotOurs) throw err;
      left.push(`table ${shadowName(table)}`);
    }
    try {
      await withLockTimeout(retry, async (tx) => {
        await ours(tx);
        if (state.hasTrigger) await dropMirrorTrigger(tx, table);
        await dropMirrorFunction(tx, table);
      });
    } catch (err) {
      if (err instanceof NotOurs) throw err;
      left.push(`trigger ${mirrorTriggerName(table)} on ${table} (a no-op now)`);
    }
  } catch (err) {
    if (err instanceof NotOurs) return null;
    throw err;
  }
  return left;
}
