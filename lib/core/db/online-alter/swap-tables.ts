import type { DbOrTx, Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { ident, mirrorTriggerName, oldTableName, type LargeFulltextTable } from "./large-tables";
import { withLockTimeout, type LockRetry } from "./lock-retry";
import { readColumns, readIndexes, type TableShape } from "./read-table-shape";

export interface SwapTiming {
  oldTable: string;
  /** Until both tables were locked. */
  waitedMs: number;
  /** From holding the table's lock to the commit: how long readers and writers were held up. */
  heldMs: number;
  attempts: number;
}

const withoutNotValid = (def: string) => def.replace(/\s+NOT VALID$/, "");

/**
 * Puts the shadow in the table's place in one short transaction: rename the table away (kept as
 * the way back), rename the shadow in, give its indexes the table's index names, move sequence
 * ownership, triggers and foreign keys pointing in. All are catalog changes; the lock is held for
 * milliseconds. A lock not granted within the timeout is retried, then given up (thrown).
 */
export async function swapTables(
  opts: {
    table: LargeFulltextTable;
    shadow: string;
    original: TableShape;
    stamp: string;
    /** Runs with both tables locked, before any rename: throws to stop the swap (the run lost the table, a write was not mirrored). */
    guard?: (tx: Tx) => Promise<void>;
  } & LockRetry,
): Promise<SwapTiming> {
  const { table, shadow, original } = opts;
  const old = oldTableName(table, opts.stamp);
  let attempts = 0;
  let startedAt = 0;
  let lockedAt = 0;
  await withLockTimeout(opts, async (tx) => {
    attempts++;
    startedAt = performance.now();
    await tx.$executeRaw`LOCK TABLE ${ident(table)} IN ACCESS EXCLUSIVE MODE`;
    lockedAt = performance.now();
    await tx.$executeRaw`LOCK TABLE ${ident(shadow)} IN ACCESS EXCLUSIVE MODE`;
    // No writer is in flight now: every mirror failure of a committed write is visible here.
    await opts.guard?.(tx);
    await renameInPlace(tx, { table, shadow, original, stamp: opts.stamp }, old);
  });
  // The hold ends with the commit, so it is measured after the transaction returned.
  const heldMs = performance.now() - lockedAt;
  return { oldTable: old, waitedMs: Math.round(lockedAt - startedAt), heldMs: Math.round(heldMs), attempts };
}

async function renameInPlace(
  tx: Tx,
  opts: { table: LargeFulltextTable; shadow: string; original: TableShape; stamp: string },
  old: string,
) {
  const { table, shadow, original } = opts;
  const oldIndexes = await readIndexes(tx, table);
  const shadowIndexes = await readIndexes(tx, shadow);
  await tx.$executeRaw`DROP TRIGGER IF EXISTS ${ident(mirrorTriggerName(table))} ON ${ident(table)}`;
  await tx.$executeRaw`ALTER TABLE ${ident(table)} RENAME TO ${ident(old)}`;
  for (const [n, index] of oldIndexes.entries()) {
    await tx.$executeRaw`ALTER INDEX ${ident(index.name)} RENAME TO ${ident(`o${opts.stamp}_${n}_${index.name}`.slice(0, 63))}`;
  }
  await tx.$executeRaw`ALTER TABLE ${ident(shadow)} RENAME TO ${ident(table)}`;
  // Equal definitions take the table's index names (names later migrations refer to).
  const free = [...oldIndexes];
  for (const index of shadowIndexes) {
    const match = free.findIndex((o) => o.key === index.key);
    const name =
      match >= 0 ? free.splice(match, 1)[0]!.name : index.name.startsWith(shadow) ? table + index.name.slice(shadow.length) : null;
    if (name && name !== index.name) await tx.$executeRaw`ALTER INDEX ${ident(index.name)} RENAME TO ${ident(name)}`;
  }
  const columns = new Set((await readColumns(tx, table)).map((c) => c.name));
  for (const seq of original.ownedSequences.filter((s) => columns.has(s.column))) {
    if (seq.identity) {
      // The shadow's identity has its own sequence: it goes on where the table's stopped.
      await tx.$executeRaw`SELECT setval(pg_get_serial_sequence(${table}, ${seq.column}), s.last_value, s.is_called) FROM ${ident(seq.sequence)} s`;
    } else {
      // A serial's sequence belongs to the table that keeps using it; dropping the old table must not take it.
      await tx.$executeRaw`ALTER SEQUENCE ${ident(seq.sequence)} OWNED BY ${ident(table)}.${ident(seq.column)}`;
    }
  }
  // Read before the rename, the definitions name the table: now they create on the new one.
  for (const trigger of original.triggers) await tx.$executeRaw(Prisma.raw(trigger.def));
  for (const fk of original.referencedBy) {
    await tx.$executeRaw`ALTER TABLE ${Prisma.raw(fk.table)} DROP CONSTRAINT ${ident(fk.name)}, ADD CONSTRAINT ${ident(fk.name)} ${Prisma.raw(withoutNotValid(fk.def))} NOT VALID`;
  }
  if (original.comment !== null) {
    const [{ literal }] = (await tx.$queryRaw<{ literal: string }[]>`SELECT quote_literal(${original.comment}) AS literal`) as [
      { literal: string },
    ];
    await tx.$executeRaw`COMMENT ON TABLE ${ident(table)} IS ${Prisma.raw(literal)}`;
  } else {
    await tx.$executeRaw`COMMENT ON TABLE ${ident(table)} IS NULL`;
  }
}

/** After the swap: foreign keys pointing in were re-added NOT VALID; checking them locks no writer. */
export async function validateReferences(client: DbOrTx, original: TableShape): Promise<void> {
  for (const fk of original.referencedBy)
    await client.$executeRaw`ALTER TABLE ${Prisma.raw(fk.table)} VALIDATE CONSTRAINT ${ident(fk.name)}`;
}
