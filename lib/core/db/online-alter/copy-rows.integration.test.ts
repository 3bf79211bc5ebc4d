import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { copyRows } from "./copy-rows";

// The copy of db:online-alter against a real server, on two scratch tables: it stops at the
// highest key the table held when it started, whatever is inserted meanwhile.

beforeAll(async () => {
  await db.$executeRawUnsafe("CREATE TABLE copy_rows_source (id bigint PRIMARY KEY, v text NOT NULL)");
  await db.$executeRawUnsafe("CREATE TABLE copy_rows_target (LIKE copy_rows_source INCLUDING ALL)");
  await db.$executeRawUnsafe("INSERT INTO copy_rows_source SELECT g, 'row ' || g FROM generate_series(1, 100) g");
});

afterAll(async () => {
  await db.$executeRawUnsafe("DROP TABLE IF EXISTS copy_rows_source, copy_rows_target");
});

describe("copyRows", () => {
  it("ends at the highest key of the start while inserts keep coming", async () => {
    let next = 101;
    let batches = 0;
    const copied = await copyRows({
      table: "copy_rows_source",
      shadow: "copy_rows_target",
      primaryKey: "id",
      columns: ["id", "v"],
      batchSize: 10,
      onBatch: async () => {
        // A steady writer: more new rows per batch than the batch copies (bounded, so a copy
        // that follows them ends too, with a count that shows it).
        if (++batches > 40) return;
        const from = next;
        next += 12;
        await db.$executeRaw`INSERT INTO copy_rows_source SELECT g, 'new ' || g FROM generate_series(${from}::int, ${next - 1}::int) g`;
      },
    });
    expect(copied.seen).toBe(100);
    expect(copied.lastKey).toBe("100");
    expect(batches).toBe(10);
    const [t] = await db.$queryRaw<{ n: number; top: string }[]>`SELECT count(*)::int AS n, max(id)::text AS top FROM copy_rows_target`;
    expect(t).toEqual({ n: 100, top: "100" });
  });
});
