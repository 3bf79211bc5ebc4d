import { ACTIVITY_TYPES, activityTypeOf, storedNamesOf, type ActivityType } from "@/lib/domains/activity/types";
import { db, type DbOrTx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { ACTIVITY_PAGE_SIZE, activityRange, encodeCursor, searchTsQuery, type ActivityQuery } from "./activity-query";

export {
  ACTIVITY_CHART_DAYS,
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_SEARCH_MAX,
  activityChartRange,
  decodeCursor,
  encodeCursor,
  parseActivityQuery,
  readActivityQuery,
  searchTsQuery,
  type ActivityCursor,
  type ActivityQuery,
} from "./activity-query";

// The activity report (spec 4.3, 6.1): activity_log newest first, filtered by event type, time
// range and a search, paged by keyset over (created_at, id), never OFFSET: a page costs the
// same on the first day and after a million rows. Each part reads at most a page:
// - no filter walks (created_at, id) backwards; a type is one branch per stored name (the
//   type and its old aliases), each walking (type, created_at, id);
// - the search's words are a prefix query on the generated tsvector (GIN) over subject,
//   result, reason and path. PostgreSQL cannot estimate a prefix query (it guesses 0.5 % of
//   the rows), so the reading is chosen here: walk the time index over the newest entries of
//   the time range, which finds a page at once for a common word; only when that window held less
//   than a page, read the GIN bitmap for what lies further back (few matches, then) and sort
//   it (bench/activity-report.ts shows each way);
// - the search's people: the entries of those whose e-mail or name contains the search, read
//   per person through (actor_user_id, created_at); past ACTOR_FANOUT people, one join.
// The parts' pages merge into the report's page.

/** Up to this many matching people are read one by one; more fall back to one join. */
const ACTOR_FANOUT = 200;
/** How many of the newest entries of the time range (all types) a search walks before it turns to the GIN bitmap. */
const WALK_WINDOW = 20_000;

export interface ActivityRow {
  id: bigint;
  createdAt: Date;
  /** As stored (an old alias stays what it was). */
  storedType: string;
  type: ActivityType | null;
  label: string;
  /** Null: the system acted ("System"). */
  actor: { id: number; email: string; name: string } | null;
  /** Staff acting as the customer when the entry was written (spec 6.1, impersonation). */
  impersonatorUserId: number | null;
  subjectType: string | null;
  subjectId: string | null;
  result: string | null;
  reason: string | null;
  path: string | null;
}

export interface ActivityPage {
  rows: ActivityRow[];
  /** Cursors of the neighbouring pages; null where there is none. */
  older: string | null;
  newer: string | null;
}

interface RawRow {
  id: bigint;
  created_at: Date;
  type: string;
  actor_user_id: number | null;
  impersonator_user_id: number | null;
  subject_type: string | null;
  subject_id: string | null;
  result: string | null;
  reason: string | null;
  path: string | null;
  email: string | null;
  name: string | null;
}

/** One query of a page, built with extra conditions; `window` (the words' part) finds where the newest WALK_WINDOW entries of the time range end. */
export interface ActivityPart {
  label: "entries" | "words" | "people";
  sql: (extra?: Prisma.Sql[]) => Prisma.Sql;
  limit: number;
  ascending: boolean;
  window?: Prisma.Sql;
}

const COLUMNS = Prisma.sql`a.id, a.created_at, a.type, a.actor_user_id, a.impersonator_user_id, a.subject_type, a.subject_id, a.result, a.reason, a.path`;
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const whereOf = (conds: Prisma.Sql[]) => (conds.length ? Prisma.sql`WHERE ${Prisma.join(conds, " AND ")}` : Prisma.empty);

export interface ActivityThresholds {
  walkWindow: number;
}
const THRESHOLDS: ActivityThresholds = { walkWindow: WALK_WINDOW };

/** The queries of one page (rows newest first, oldest first for an `after` page, one more than `size`). */
export async function activityReportParts(
  query: ActivityQuery,
  size = ACTIVITY_PAGE_SIZE,
  thresholds: ActivityThresholds = THRESHOLDS,
): Promise<ActivityPart[]> {
  const ascending = query.after !== null;
  const dir = Prisma.raw(ascending ? "ASC" : "DESC");
  const limit = size + 1;
  const common: Prisma.Sql[] = [];
  const { from, to } = activityRange(query);
  if (from) common.push(Prisma.sql`a.created_at >= ${from}`);
  if (to) common.push(Prisma.sql`a.created_at < ${to}`);
  if (query.before) common.push(Prisma.sql`(a.created_at, a.id) < (${query.before.createdAt}, ${query.before.id})`);
  else if (query.after) common.push(Prisma.sql`(a.created_at, a.id) > (${query.after.createdAt}, ${query.after.id})`);
  // One branch per stored name: `type = ANY(...)` would read every row of the type and sort them.
  const names = query.type ? storedNamesOf(query.type) : null;
  const typeConds: (Prisma.Sql | null)[] = names ? names.map((n) => Prisma.sql`a.type = ${n}`) : [null];

  const inner = (conds: Prisma.Sql[]) =>
    Prisma.sql`SELECT ${COLUMNS} FROM activity_log a ${whereOf(conds)} ORDER BY a.created_at ${dir}, a.id ${dir} LIMIT ${limit}`;
  const page = (branches: Prisma.Sql[]) => Prisma.sql`
    SELECT e.*, u.email, u.name FROM (${Prisma.join(branches, " UNION ALL ")}) e
    LEFT JOIN LATERAL (SELECT email, name FROM users WHERE id = e.actor_user_id) u ON true
    ORDER BY e.created_at ${dir}, e.id ${dir} LIMIT ${limit}`;
  const plain =
    (conds: Prisma.Sql[]) =>
    (extra: Prisma.Sql[] = []) =>
      page(typeConds.map((t) => Prisma.sql`(${inner([...common, ...(t ? [t] : []), ...conds, ...extra])})`));
  const part = (label: ActivityPart["label"], sql: ActivityPart["sql"], more: Partial<ActivityPart> = {}): ActivityPart => ({
    label,
    sql,
    limit,
    ascending,
    ...more,
  });

  if (!query.q) return [part("entries", plain([]))];
  const parts: ActivityPart[] = [];
  const tsq = searchTsQuery(query.q);
  if (tsq) {
    const match = Prisma.sql`a.search @@ to_tsquery('simple', ${tsq})`;
    parts.push(
      part("words", plain([match]), {
        // Over all types: the time index alone answers it (an index-only scan).
        window: Prisma.sql`SELECT a.created_at FROM activity_log a ${whereOf(common)} ORDER BY a.created_at ${dir} OFFSET ${thresholds.walkWindow} LIMIT 1`,
      }),
    );
  }
  const pattern = likePattern(query.q);
  const people = await db.$queryRaw<
    { id: number }[]
  >`SELECT id FROM users WHERE email ILIKE ${pattern} OR name ILIKE ${pattern} LIMIT ${ACTOR_FANOUT + 1}`;
  if (people.length > ACTOR_FANOUT) {
    // So many people match that their entries are dense: walking the time index finds a page soon.
    parts.push(
      part("people", plain([Prisma.sql`a.actor_user_id IN (SELECT id FROM users WHERE email ILIKE ${pattern} OR name ILIKE ${pattern})`])),
    );
  } else if (people.length) {
    // Each person's newest entries through (actor_user_id, created_at), a page at most each.
    const ids = people.map((p) => p.id);
    const perPerson = (t: Prisma.Sql | null) =>
      Prisma.sql`(SELECT x.* FROM unnest(${ids}::int[]) AS p(id) CROSS JOIN LATERAL (${inner([...common, ...(t ? [t] : []), Prisma.sql`a.actor_user_id = p.id`])}) x ORDER BY x.created_at ${dir}, x.id ${dir} LIMIT ${limit})`;
    parts.push(part("people", () => page(typeConds.map(perPerson))));
  }
  return parts;
}

/**
 * Runs one part. The words' part runs in a transaction that tells the planner which way to
 * read: first walk the time or type index over the newest WALK_WINDOW entries of the time
 * range (no bitmap); when they hold less than a page, read the older matches from the GIN bitmap and
 * sort them (no index walk). `plans` collects EXPLAIN ANALYZE of each query run (the bench).
 */
export async function runActivityPart(part: ActivityPart, opts: { plans?: string[] } = {}): Promise<RawRow[]> {
  const run = async <T = RawRow>(client: DbOrTx, sql: Prisma.Sql) => {
    if (opts.plans)
      opts.plans.push(
        ...(await client.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${sql}`)).map((r) => r["QUERY PLAN"]),
      );
    return client.$queryRaw<T[]>(sql);
  };
  if (!part.window) return run(db, part.sql());
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
    await tx.$executeRaw`SET LOCAL enable_bitmapscan = off`;
    const [edge] = await run<{ created_at: Date }>(tx, part.window!);
    // Fewer entries than the window: the walk reads them all.
    if (!edge) return run(tx, part.sql());
    const inWindow = part.ascending ? Prisma.sql`a.created_at <= ${edge.created_at}` : Prisma.sql`a.created_at >= ${edge.created_at}`;
    const walked = await run(tx, part.sql([inWindow]));
    if (walked.length >= part.limit) return walked;
    await tx.$executeRaw`SET LOCAL enable_bitmapscan = on`;
    await tx.$executeRaw`SET LOCAL enable_indexscan = off`;
    const beyond = part.ascending ? Prisma.sql`a.created_at > ${edge.created_at}` : Prisma.sql`a.created_at < ${edge.created_at}`;
    return [...walked, ...(await run(tx, part.sql([beyond])))];
  });
}

/** One page of the report. */
export async function loadActivityReport(
  query: ActivityQuery,
  opts: { pageSize?: number; thresholds?: ActivityThresholds } = {},
): Promise<ActivityPage> {
  const size = opts.pageSize ?? ACTIVITY_PAGE_SIZE;
  const newerFirst = !query.after;
  // One part after another: the embedded database has one connection.
  const byId = new Map<bigint, RawRow>();
  for (const part of await activityReportParts(query, size, opts.thresholds))
    for (const r of await runActivityPart(part)) byId.set(r.id, r);
  // An entry found by its words and by its person counts once.
  const merged = [...byId.values()].sort((a, b) => {
    const order = a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    return newerFirst ? -order : order;
  });
  const more = merged.length > size;
  const rows = merged.slice(0, size).map(toRow);
  if (!newerFirst) rows.reverse();
  const top = rows[0];
  const bottom = rows.at(-1);
  return {
    rows,
    // From an `after` page the rows we came from are older.
    older: bottom && (newerFirst ? more : true) ? encodeCursor(bottom) : null,
    newer: top && (newerFirst ? query.before !== null : more) ? encodeCursor(top) : null,
  };
}

function toRow(r: RawRow): ActivityRow {
  const type = activityTypeOf(r.type);
  return {
    id: r.id,
    createdAt: r.created_at,
    storedType: r.type,
    type,
    label: type ? ACTIVITY_TYPES[type].label : r.type,
    actor: r.actor_user_id === null ? null : { id: r.actor_user_id, email: r.email ?? "", name: r.name ?? "" },
    impersonatorUserId: r.impersonator_user_id,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    result: r.result,
    reason: r.reason,
    path: r.path,
  };
}
