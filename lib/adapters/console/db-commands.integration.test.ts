import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { onlineAlter } from "@/lib/core/db/online-alter/online-alter";
import { reindexSearch, searchReleases } from "@/lib/domains/releases/search";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { runCommand as run } from "@/tests/console-run";
import { databaseRefusal, insertOnlyRefusal } from "@/tests/database-refusal";
import { referenceNewest, seedSearchCorpus, type Corpus } from "@/tests/search-fixtures";

// The emergency path for the large full-text tables (spec 4.7) on a real server: an online
// alter under concurrent writers, a swap refused by a held lock, clauses written as an attacker,
// archive and sweep with their counts.

const MIRROR_COLUMNS =
  "press_release_id, portal, language, status, company_id, category_id, title, lead, body_text, company_name, published_at, is_public, search_de, search_en, search_pairs";

async function mirrorChecksum(table = "press_release_search"): Promise<{ rows: number; sum: string }> {
  const [r] = await db.$queryRawUnsafe<{ rows: number; sum: string }[]>(
    `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t.press_release_id), '')) AS sum FROM (SELECT ${MIRROR_COLUMNS} FROM ${table}) t`,
  );
  return r!;
}

const columnsOf = async (table: string) =>
  (
    await db.$queryRaw<
      { name: string }[]
    >`SELECT attname AS name FROM pg_attribute WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`
  ).map((c) => c.name);
const indexesOf = async (table: string) =>
  db.$queryRaw<
    { name: string; am: string }[]
  >`SELECT c.relname AS name, am.amname AS am FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam WHERE i.indrelid = ${table}::regclass ORDER BY 1`;
const tablesLike = async (pattern: string) =>
  (
    await db.$queryRaw<{ name: string }[]>`SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relname LIKE ${pattern} ORDER BY 1`
  ).map((r) => r.name);
const shadowLeft = async () => (await tablesLike("press_release_search_shadow")).length;
const mirrorLeft = async () =>
  (
    await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_trigger WHERE tgname = 'press_release_search_online_alter_mirror'`
  )[0]!.n;

let corpus: Corpus;
let releaseSeq = 0;

beforeAll(async () => {
  corpus = await seedSearchCorpus(db);
  // The mirror as the application writes it: the later comparison is with a reindex.
  await reindexSearch({ batchSize: 500 });
});

/** Until the run's mirror trigger is on the table: the copy is running from then on. */
async function mirrorInstalled(): Promise<void> {
  for (let i = 0; i < 3_000 && (await mirrorLeft()) === 0; i++) await new Promise((r) => setTimeout(r, 5));
  expect(await mirrorLeft()).toBe(1);
}

async function newRelease(): Promise<number> {
  const n = ++releaseSeq;
  const [r] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO press_releases (status, portal, language, slug, title, body, company_id, content_hash, published_at, published_ever_at, updated_at)
    VALUES ('published', 'business', 'de', ${`online-alter-${n}`}, ${`Neu ${n} Wasserstoff`}, '<p>Windpark Text</p>', ${corpus.companyIds[0]!}, md5(${String(n)}) || md5(${String(n)}), now() - interval '1 hour', now(), now())
    RETURNING id`;
  return r!.id;
}

/** Writes through the application's mirror function and raw SQL until `done` says stop. */
async function writers(done: () => boolean, spare: number[] = []): Promise<number> {
  let writes = 0;
  const ids = (await db.pressRelease.findMany({ select: { id: true }, where: { id: { notIn: spare } }, orderBy: { id: "asc" } })).map(
    (r) => r.id,
  );
  // Each id is taken once, so no update meets a release the delete loop removed.
  const pick = () => ids.splice(Math.floor(Math.random() * ids.length), 1)[0];
  const idle = () => new Promise((r) => setTimeout(r, 20));
  const loops = [
    async () => {
      while (!done()) {
        await syncSearchMirror(db, await newRelease());
        writes++;
      }
    },
    async () => {
      while (!done()) {
        const id = pick();
        if (id === undefined) {
          await idle();
          continue;
        }
        await db.pressRelease.update({ where: { id }, data: { title: `Geändert ${id} Batterie` } });
        await syncSearchMirror(db, id);
        writes++;
      }
    },
    async () => {
      while (!done()) {
        const id = pick();
        if (id === undefined) {
          await idle();
          continue;
        }
        await db.$executeRaw`DELETE FROM press_releases WHERE id = ${id}`;
        writes++;
      }
    },
  ];
  await Promise.all(loops.map((l) => l()));
  return writes;
}

describe("db:online-alter, fulltext:archive, fulltext:sweep", () => {
  it("answer --help and refuse wrong calls", async () => {
    for (const name of ["db:online-alter", "fulltext:archive", "fulltext:sweep"]) {
      expect((await run(name, "--help")).code).toBe(0);
      expect((await run(name)).code).toBe(2);
      expect((await run(name, "activity_log", "--nope")).code).toBe(2);
      expect(
        (
          await run(
            name,
            "users",
            ...(name === "fulltext:archive" ? ["--before=2020-01-01"] : []),
            ...(name === "db:online-alter" ? ["ADD COLUMN x int"] : []),
          )
        ).code,
      ).toBe(2);
    }
    expect((await run("db:online-alter", "press_release_search")).code).toBe(2);
    expect((await run("db:online-alter", "press_release_search", "ADD COLUMN x int", "--batch=0")).code).toBe(2);
    expect((await run("fulltext:archive", "activity_log")).code).toBe(2);
    expect((await run("fulltext:archive", "activity_log", "--before=2026-02-30")).code).toBe(2);
    const mirror = await run("fulltext:archive", "press_release_search", "--before=2020-01-01");
    expect(mirror.code).toBe(2);
    expect(mirror.err[0]).toContain("search mirror");
  });

  it("refuses an attacker's clause and table with exit 2 and changes nothing", async () => {
    const users = await db.user.count();
    const columns = await columnsOf("press_release_search");
    const before = await mirrorChecksum();
    const clauses = [
      "ADD COLUMN x int; DROP TABLE users",
      "ADD COLUMN x int /* */ ; DROP TABLE users",
      "ADD COLUMN x int -- ; DROP TABLE users",
      "ADD COLUMN x int DEFAULT 1\n; DELETE FROM users",
      "ADD COLUMN x int, DROP TABLE users",
      "ADD COLUMN x text DEFAULT $$a$$",
      "ADD COLUMN x bool DEFAULT pg_terminate_backend(1)",
      "ADD COLUMN x int DEFAULT (SELECT count(*) FROM users)",
      "ALTER COLUMN title TYPE text USING pg_sleep(10)::text",
      "ADD COLUMN x text DEFAULT E'\\x27'",
      'ADD COLUMN "x""; DROP TABLE users; --" int',
      "RENAME TO users",
      "OWNER TO postgres",
      "ADD CONSTRAINT c CHECK (true)",
      "ALTER TABLE users ADD COLUMN x int",
      // Calls hidden from the function list by quoting, qualifying or casting.
      "ADD COLUMN x text DEFAULT \"pg_read_file\"('/etc/hostname')",
      'ADD COLUMN x text DEFAULT pg_catalog."pg_sleep"(5)',
      "ADD COLUMN x text DEFAULT \"set_config\"('app.allow_activity_archive','on',false)",
      "ADD COLUMN x text DEFAULT 'pg_authid'::regclass::text",
      'ADD CONSTRAINT c CHECK ("pg_sleep"(5) IS NULL) NOT VALID',
      // Valid syntax the database refuses on the shadow: still a wrong call, the shadow gone.
      "ADD COLUMN title text",
    ];
    for (const clause of clauses) {
      const started = performance.now();
      const r = await run("db:online-alter", "press_release_search", clause);
      expect(r.code, clause).toBe(2);
      expect(performance.now() - started, clause).toBeLessThan(4_000);
    }
    expect(
      (await db.$queryRaw<{ v: string | null }[]>`SELECT current_setting('app.allow_activity_archive', true) AS v`)[0]!.v ?? "",
    ).not.toBe("on");
    for (const table of ["users", "press_release_search; DROP TABLE users", "pg_authid", "press_release_search_old_20260101000000"]) {
      expect((await run("db:online-alter", table, "ADD COLUMN x int")).code, table).toBe(2);
    }
    expect(await db.user.count()).toBe(users);
    expect(await columnsOf("press_release_search")).toEqual(columns);
    expect(await mirrorChecksum()).toEqual(before);
    expect(await tablesLike("press_release_search_shadow")).toEqual([]);
    expect(await mirrorLeft()).toBe(0);
  });

  // Three console runs against live writers: about 10 s alone, past 30 s on a loaded 2-core machine.
  it("adds a column while writers insert, update and delete; every row equal, indexes and search intact", async () => {
    const indexesBefore = await indexesOf("press_release_search");
    expect(indexesBefore.filter((i) => i.am === "gin").length).toBe(3);
    const dry = await run(
      "db:online-alter",
      "press_release_search",
      "ADD COLUMN teaser text DEFAULT 'x', ALTER COLUMN title SET DEFAULT ''",
      "--dry-run",
    );
    expect(dry.code).toBe(0);
    expect(await columnsOf("press_release_search")).not.toContain("teaser");

    let finished = false;
    const [result, writes] = await Promise.all([
      run(
        "db:online-alter",
        "press_release_search",
        "ADD COLUMN teaser text DEFAULT 'x', ALTER COLUMN title SET DEFAULT ''",
        "--batch=50",
      ).finally(() => (finished = true)),
      writers(() => finished),
    ]);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(writes).toBeGreaterThan(10);
    expect(result.out.join("\n")).toMatch(/swap: lock waited \d+ ms, held \d+ ms/);

    expect(await columnsOf("press_release_search")).toContain("teaser");
    const [teasers] = await db.$queryRaw<
      { x: number; all: number }[]
    >`SELECT count(*) FILTER (WHERE teaser = 'x')::int AS x, count(*)::int AS all FROM press_release_search`;
    expect(teasers!.all).toBeGreaterThan(200);
    expect(teasers!.x).toBe(teasers!.all);
    expect(await indexesOf("press_release_search")).toEqual(indexesBefore);
    const [fk] = await db.$queryRaw<
      { valid: boolean }[]
    >`SELECT convalidated AS valid FROM pg_constraint WHERE conrelid = 'press_release_search'::regclass AND contype = 'f'`;
    expect(fk?.valid).toBe(true);
    const [stats] = await db.$queryRaw<
      { target: number }[]
    >`SELECT attstattarget::int AS target FROM pg_attribute WHERE attrelid = 'press_release_search'::regclass AND attname = 'search_de'`;
    expect(stats?.target).toBe(1000);
    expect(await mirrorLeft()).toBe(0);
    const [old] = await tablesLike("press_release_search_old_%");
    expect(old).toMatch(/^press_release_search_old_\d{14}$/);

    // Every row as the application would write it: equal to a reindex from the releases.
    const after = await mirrorChecksum();
    expect(after.rows).toBe(await db.pressRelease.count({ where: { deletedAt: null } }));
    await reindexSearch({ batchSize: 500 });
    expect(await mirrorChecksum()).toEqual(after);

    const search = { q: "Wasserstoff", order: "newest" as const, perPage: 20, now: new Date() };
    const found = await searchReleases(search);
    expect(found.ids.length).toBe(20);
    expect(found.ids).toEqual((await referenceNewest(db, search)).slice(0, 20));

    const drop = await run("db:online-alter", "press_release_search", "--drop-old");
    expect(drop.code).toBe(0);
    expect(await tablesLike("press_release_search_old_%")).toEqual([]);
  }, 90_000);

  it("gives up cleanly when another session holds the table through the swap; --clean-stale ends the leftovers", async () => {
    const before = await mirrorChecksum();
    const columns = await columnsOf("press_release_search");
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT count(*) FROM press_release_search");
      const r = await run("db:online-alter", "press_release_search", "ADD COLUMN held int", "--lock-timeout-ms=100");
      expect(r.code).toBe(1);
      expect(r.out.join("\n")).toContain("gave up");
      expect(await columnsOf("press_release_search")).toEqual(columns);
      expect(await mirrorChecksum()).toEqual(before);
      expect(await tablesLike("press_release_search_shadow")).toEqual([]);
      // The trigger could not be dropped under the reader's lock; it is a no-op, writes go on.
      const id = await newRelease();
      await syncSearchMirror(db, id);
    } finally {
      await holder.query("ROLLBACK");
      await holder.end();
    }
    const refused = await run("db:online-alter", "press_release_search", "ADD COLUMN held int");
    expect(refused.code).toBe(1);
    expect(refused.err.join("\n")).toContain("--clean-stale");
    const again = await run("db:online-alter", "press_release_search", "ADD COLUMN held int", "--clean-stale");
    expect(again.code).toBe(0);
    expect(await columnsOf("press_release_search")).toContain("held");
    expect(await mirrorLeft()).toBe(0);
    expect((await run("db:online-alter", "press_release_search", "--drop-old")).code).toBe(0);
  });

  it("refuses a change the existing rows break before any writer is touched; writers go on", async () => {
    const before = await mirrorChecksum();
    const columns = await columnsOf("press_release_search");
    for (const clause of [
      "ALTER COLUMN portal TYPE varchar(3)",
      "ADD COLUMN must int NOT NULL",
      "ADD CONSTRAINT t_short CHECK (length(title) < 5) NOT VALID",
    ]) {
      let finished = false;
      const [r] = await Promise.all([
        run("db:online-alter", "press_release_search", clause, "--batch=50").finally(() => (finished = true)),
        writers(() => finished),
      ]);
      expect(r.code, clause).toBe(2);
      expect(r.err.join("\n"), clause).toContain("break the change");
      expect(await shadowLeft()).toBe(0);
      expect(await mirrorLeft()).toBe(0);
      const dry = await run("db:online-alter", "press_release_search", clause, "--dry-run");
      expect(dry.code, clause).toBe(2);
    }
    expect(await columnsOf("press_release_search")).toEqual(columns);
    // The writers' work is in the mirror as the application wrote it.
    const after = await mirrorChecksum();
    expect(after).not.toEqual(before);
    await reindexSearch({ batchSize: 500 });
    expect(await mirrorChecksum()).toEqual(after);
  });

  it("a write the shadow refuses during the copy: the writer goes on, the run stops before the swap", async () => {
    const columns = await columnsOf("press_release_search");
    const [target] = await db.pressRelease.findMany({ where: { deletedAt: null }, select: { id: true }, orderBy: { id: "desc" }, take: 1 });
    let finished = false;
    const alter = run(
      "db:online-alter",
      "press_release_search",
      "ADD CONSTRAINT t_len CHECK (length(title) < 1000) NOT VALID",
      "--batch=5",
    ).finally(() => (finished = true));
    const writes = writers(() => finished, [target!.id]);
    await mirrorInstalled();
    // The release's own edit: valid for the table, refused by the shadow's new CHECK.
    await db.pressRelease.update({ where: { id: target!.id }, data: { title: "Lang ".repeat(300) } });
    await syncSearchMirror(db, target!.id);
    const [r] = await Promise.all([alter, writes]);
    expect(r.code).toBe(1);
    expect(r.err.join("\n")).toContain("could not be repeated on the shadow");
    expect(await columnsOf("press_release_search")).toEqual(columns);
    expect(await shadowLeft()).toBe(0);
    expect(await mirrorLeft()).toBe(0);
    expect((await db.pressReleaseSearch.findUnique({ where: { pressReleaseId: target!.id }, select: { title: true } }))?.title).toBe(
      "Lang ".repeat(300),
    );
    const after = await mirrorChecksum();
    await reindexSearch({ batchSize: 500 });
    expect(await mirrorChecksum()).toEqual(after);
  });

  it("one run per table: a second run and --clean-stale refuse while it beats; a run taken over as stale leaves the new run alone", async () => {
    const [a, b] = await Promise.all([
      run("db:online-alter", "press_release_search", "ADD COLUMN two_a int", "--batch=50"),
      run("db:online-alter", "press_release_search", "ADD COLUMN two_b int", "--batch=50"),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    expect((a.code === 1 ? a : b).err.join("\n")).toContain("is active");
    expect((await columnsOf("press_release_search")).filter((c) => c.startsWith("two_")).length).toBe(1);
    expect((await run("db:online-alter", "press_release_search", "--drop-old")).code).toBe(0);

    let finished = false;
    const writes = writers(() => finished);
    // The first run stalls: it never beats again (as a process stopped for minutes would).
    const stalled = onlineAlter({
      table: "press_release_search",
      clause: "ADD COLUMN stalled int",
      batchSize: 3,
      heartbeatMs: 3_600_000,
    }).then(
      () => "finished",
      (err: Error) => err.message,
    );
    await mirrorInstalled();
    const refused = await run("db:online-alter", "press_release_search", "ADD COLUMN taker int", "--clean-stale");
    expect(refused.code).toBe(1);
    expect(refused.err.join("\n")).toContain("is active");
    await db.$executeRaw`UPDATE online_alter_runs SET heartbeat_at = now() - interval '10 minutes' WHERE table_name = 'press_release_search'`;
    const taker = await run("db:online-alter", "press_release_search", "ADD COLUMN taker int", "--clean-stale", "--batch=50");
    finished = true;
    await writes;
    expect(taker.err).toEqual([]);
    expect(taker.code).toBe(0);
    expect(taker.out.join("\n")).toContain("removed what an earlier run left");
    expect(await stalled).not.toBe("finished");
    const now = await columnsOf("press_release_search");
    expect(now).toContain("taker");
    expect(now).not.toContain("stalled");
    expect(await shadowLeft()).toBe(0);
    expect(await mirrorLeft()).toBe(0);
    // No write went missing: the swapped table equals a reindex from the releases.
    const after = await mirrorChecksum();
    expect(after.rows).toBe(await db.pressRelease.count({ where: { deletedAt: null } }));
    await reindexSearch({ batchSize: 500 });
    expect(await mirrorChecksum()).toEqual(after);
    expect((await run("db:online-alter", "press_release_search", "--drop-old")).code).toBe(0);
  });

  it("rebuilds the activity log with its insert-only triggers and its sequence", async () => {
    await db.activityLog.createMany({
      data: Array.from({ length: 300 }, (_, i) => ({
        type: "test",
        subjectType: "release",
        subjectId: String(i),
        createdAt: new Date(Date.UTC(2025, 0, 1 + (i % 200))),
      })),
    });
    const r = await run("db:online-alter", "activity_log", "ADD COLUMN note text", "--batch=64");
    expect(r.code).toBe(0);
    expect(await columnsOf("activity_log")).toContain("note");
    expect(await databaseRefusal(db.activityLog.deleteMany({}))).toEqual(insertOnlyRefusal("activity_log"));
    expect((await run("db:online-alter", "activity_log", "--drop-old")).code).toBe(0);
    // The sequence moved to the new table: dropping the old one left it working.
    const created = await db.activityLog.create({ data: { type: "test" } });
    expect(created.id).toBeGreaterThan(300n);
    expect((await db.$queryRaw<{ s: string | null }[]>`SELECT pg_get_serial_sequence('activity_log', 'id') AS s`)[0]!.s).toBe(
      "public.activity_log_id_seq",
    );
  });

  it("fulltext:archive moves cold activity rows in batches, also when two runs race", async () => {
    const cutoff = new Date(Date.UTC(2025, 3, 1));
    const cold = await db.activityLog.count({ where: { createdAt: { lt: new Date(cutoff.getTime() - 2 * 3_600_000) } } });
    const hot = await db.activityLog.count();
    expect(cold).toBeGreaterThan(50);
    const dry = await run("fulltext:archive", "activity_log", "--before=2025-04-01", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out.at(-1)).toContain(`${cold} rows`);
    const [a, b] = await Promise.all([
      run("fulltext:archive", "activity_log", "--before=2025-04-01", "--batch=7"),
      run("fulltext:archive", "activity_log", "--before=2025-04-01", "--batch=11"),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const archived = await db.$queryRaw<
      { n: number; distinct: number }[]
    >`SELECT count(*)::int AS n, count(DISTINCT id)::int AS distinct FROM activity_log_archive`;
    expect(archived[0]).toEqual({ n: cold, distinct: cold });
    expect(await db.activityLog.count()).toBe(hot - cold);
    expect(await columnsOf("activity_log_archive")).not.toContain("search");
    expect((await indexesOf("activity_log_archive")).some((i) => i.am === "gin")).toBe(false);
    expect(await databaseRefusal(db.$executeRaw`UPDATE activity_log_archive SET type = 'x'`)).toEqual(
      insertOnlyRefusal("activity_log_archive"),
    );
    expect(await databaseRefusal(db.activityLog.deleteMany({}))).toEqual(insertOnlyRefusal("activity_log"));
  });

  it("fulltext:sweep removes mirror rows of deleted releases (a gone release keeps its row), vacuums and prints sizes", async () => {
    const deleted = await db.$queryRaw<
      { id: number }[]
    >`UPDATE press_releases SET deleted_at = now() WHERE id IN (SELECT press_release_id FROM press_release_search ORDER BY press_release_id LIMIT 40) RETURNING id`;
    // A gone release (410) stays in the mirror: the admin search finds every release not deleted.
    const [gone] = await db.$queryRaw<
      { id: number }[]
    >`UPDATE press_releases SET gone_at = now() WHERE id = (SELECT press_release_id FROM press_release_search s JOIN press_releases r ON r.id = s.press_release_id WHERE r.deleted_at IS NULL ORDER BY 1 LIMIT 1) RETURNING id`;
    const total = (await mirrorChecksum()).rows;
    const dry = await run("fulltext:sweep", "press_release_search", "--dry-run");
    expect(dry.out.at(-1)).toBe("dry run: 40 stray rows in press_release_search; nothing removed");
    const r = await run("fulltext:sweep", "press_release_search", "--batch=15", "--pause-ms=1");
    expect(r.code).toBe(0);
    expect(r.out.at(-1)).toBe("removed 40 stray rows of press_release_search in 3 batches; vacuumed");
    expect(r.out.filter((l) => l.includes("GIN press_release_search_de_idx")).length).toBe(2);
    expect((await mirrorChecksum()).rows).toBe(total - deleted.length);
    expect(await db.pressReleaseSearch.count({ where: { pressReleaseId: gone!.id } })).toBe(1);
    const log = await run("fulltext:sweep", "activity_log");
    expect(log.code).toBe(0);
    expect(log.out.at(-1)).toBe("removed 0 stray rows of activity_log in 0 batches; vacuumed");
  });
});
