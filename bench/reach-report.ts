// The reach report (issue 33) at the size the issue names: one newsroom with 1,000 releases
// published over a year and 10,000,000 events (views, shares per channel, mail clicks) spread
// over that year, with the feed, crawler, index and IndexNow rows around them, in a throwaway
// database. It runs the view aggregation over all events (its throughput), then times the
// newsroom report's data function (loadNewsroomReach) and one release's (loadReleaseReach).
// Target: the newsroom report under 300 ms p95.
//
// The design it measures: the report never reads the events. The view aggregation, in the
// transaction that moves its watermark, books each batch per release, Berlin day and metric into
// release_daily_counts and per Berlin month into release_monthly_counts (one statement,
// lib/domains/analytics/reach/book-event-counts.ts). The newsroom report reads the monthly rows
// of its releases in one pass (a hash aggregate that ranks the releases and sums the newsroom):
// twelve rows a year per release and metric, some 45,000 here, whatever the number of events; a release's
// chart reads at most 395 daily rows. Feed readers are read from the fetch log only for the
// window each feed carried the release (until 50 newer releases pushed it out); the fetch log is
// indexed by feed and by time but not by both, so a sparse edition's long window costs most.
// Usage: npx tsx bench/reach-report.ts [--events=10000000] [--releases=1000] [--others=2000]
//        [--feed-fetches=1000000] [--runs=200]
import { cpus } from "node:os";
import { percentile as pct, runBench, withThrowawayDatabase } from "./support";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const EVENTS = arg("events", 10_000_000);
const RELEASES = arg("releases", 1_000);
const OTHERS = arg("others", 2_000);
const FEED_FETCHES = arg("feed-fetches", 1_000_000);
const RUNS = arg("runs", 200);
const CHUNK = 1_000_000;
const DAY_S = 86_400;
const ms = (t: number) => `${t.toFixed(1)} ms`;
const s = (t: number) => `${(t / 1000).toFixed(1)} s`;

function report(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(52)} p50 ${ms(pct(sorted, 50)).padStart(9)}  p95 ${ms(pct(sorted, 95)).padStart(9)}  p99 ${ms(pct(sorted, 99)).padStart(9)}  max ${ms(sorted.at(-1)!).padStart(9)}  (${sorted.length} runs)`,
  );
}

async function timed<T>(runs: number, fn: () => Promise<T>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return samples;
}

async function main() {
  await withThrowawayDatabase("pd_bench_reach", async (url) => {
    process.env.DATABASE_URL = url;
    const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
    await applyMigrations(url);
    const { db, disconnectPrisma } = await import("@/lib/core/db/client");
    const { aggregateViews } = await import("@/lib/domains/analytics/aggregate-views");
    const { loadNewsroomReach } = await import("@/lib/domains/analytics/reach/newsroom-reach");
    const { loadReleaseReach } = await import("@/lib/domains/analytics/reach/release-reach");
    const { loadPortalReach } = await import("@/lib/domains/analytics/reach/portal-reach");
    const { newsroomReachCsv } = await import("@/lib/domains/analytics/reach/newsroom-reach-csv");
    try {
      const [pgInfo] = await db.$queryRawUnsafe<{ version: string; shared_buffers: string; work_mem: string }[]>(
        "SELECT current_setting('server_version') AS version, current_setting('shared_buffers') AS shared_buffers, current_setting('work_mem') AS work_mem",
      );
      console.log(
        `machine: ${cpus().length} cores, node ${process.version}; PostgreSQL ${pgInfo!.version} at 127.0.0.1 (shared_buffers ${pgInfo!.shared_buffers}, work_mem ${pgInfo!.work_mem})`,
      );
      console.log(
        `world: ${RELEASES} releases of one newsroom + ${OTHERS} of 20 others, ${EVENTS} events over 365 days, ${FEED_FETCHES} feed fetches; ${RUNS} runs per report`,
      );

      // ── The world ──────────────────────────────────────────────────────────────────────
      let t = performance.now();
      const owner = await db.user.create({ data: { email: "owner@bench.example", name: "Bench Owner" } });
      const newsroom = await db.company.create({ data: { portal: "business", slug: "bench-newsroom", name: "Bench Newsroom GmbH" } });
      await db.companyUser.create({ data: { companyId: newsroom.id, userId: owner.id, role: "owner", grantedVia: "manual" } });
      const others = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          db.company.create({ data: { portal: "business", slug: `bench-other-${i}`, name: `Andere ${i} AG` } }),
        ),
      );
      const parent = await db.category.create({
        data: { portal: "business", slug: "wirtschaft", nameDe: "Wirtschaft", nameEn: "Economy" },
      });
      const cats = [
        parent,
        await db.category.create({ data: { portal: "business", slug: "handel", nameDe: "Handel", nameEn: "Retail", parentId: parent.id } }),
        await db.category.create({ data: { portal: "business", slug: "energie", nameDe: "Energie", nameEn: "Energy" } }),
      ];
      const catIds = `ARRAY[${cats.map((c) => c.id).join(",")}]`;
      // The newsroom's release k (0 = newest) was published k × 365/RELEASES days ago; the others' in between.
      await db.$executeRawUnsafe(`
        INSERT INTO press_releases (status, portal, language, slug, title, body, company_id, category_id, content_hash, hits, published_at, published_ever_at, content_changed_at, created_at, updated_at)
        SELECT 'published', 'business', CASE WHEN k % 5 = 4 THEN 'en' ELSE 'de' END::"Language", 'reach-' || k, 'Meldung ' || k, '<p>Text ' || k || '</p>',
               ${newsroom.id}, (${catIds})[1 + k % 3], md5(k::text) || md5(k::text), 0, p, p, p, p - interval '3 hours', now()
        FROM generate_series(${RELEASES - 1}, 0, -1) k, LATERAL (SELECT now() - (k * ${(365 * DAY_S) / RELEASES} + 3600) * interval '1 second' AS p) x`);
      await db.$executeRawUnsafe(`
        INSERT INTO press_releases (status, portal, language, slug, title, body, company_id, category_id, content_hash, published_at, published_ever_at, content_changed_at, updated_at)
        SELECT 'published', 'business', 'de', 'other-' || k, 'Andere Meldung ' || k, '<p>Text</p>', (ARRAY[${others.map((o) => o.id).join(",")}])[1 + k % 20],
               (${catIds})[1 + k % 3], md5(k::text) || md5(k::text), p, p, p, now()
        FROM generate_series(1, ${OTHERS}) k, LATERAL (SELECT now() - (k * ${(365 * DAY_S) / Math.max(1, OTHERS)} + 1800) * interval '1 second' AS p) x`);
      // Submitted three hours before, published: the history the timing reads.
      await db.$executeRawUnsafe(`
        INSERT INTO press_release_history (press_release_id, from_status, to_status, actor_type, created_at)
        SELECT id, 'draft'::"ReleaseStatus", 'in_review'::"ReleaseStatus", 'user'::"ActorType", published_at - interval '3 hours'
        FROM press_releases WHERE company_id = ${newsroom.id}
        UNION ALL
        SELECT id, 'in_review'::"ReleaseStatus", 'published'::"ReleaseStatus", 'ki'::"ActorType", published_at
        FROM press_releases WHERE company_id = ${newsroom.id}`);
      console.log(`releases and history: ${s(performance.now() - t)}`);

      // Events in id order = time order. An event at age a days goes to one of the releases
      // published before it: release k with k ≥ a × RELEASES/365, chosen by a hash of its number.
      // 90 % views, 8 % shares (four channels), 2 % mail clicks.
      t = performance.now();
      for (let from = 1; from <= EVENTS; from += CHUNK) {
        const to = Math.min(EVENTS, from + CHUNK - 1);
        await db.$executeRawUnsafe(`
          WITH ids AS (SELECT array_agg(id ORDER BY published_at DESC, id DESC) AS a FROM press_releases WHERE company_id = ${newsroom.id})
          INSERT INTO press_release_events (press_release_id, type, channel, created_at)
          SELECT (SELECT a FROM ids)[1 + kmin + h % (${RELEASES} - kmin)],
                 CASE WHEN h2 < 90 THEN 'view' WHEN h2 < 98 THEN 'share' ELSE 'mail_click' END::"ReleaseEventType",
                 CASE WHEN h2 >= 90 AND h2 < 98 THEN (ARRAY['linkedin','x','email','copy_link'])[1 + g % 4] END,
                 now() - age * interval '1 day'
          FROM generate_series(${from}, ${to}) g,
               LATERAL (SELECT (${EVENTS} - g)::float8 * 365 / ${EVENTS} AS age, (g::bigint * 2654435761) % 4294967291 AS h, (g::bigint * 40503) % 100 AS h2) x,
               LATERAL (SELECT least(${RELEASES - 1}, floor(age * ${RELEASES} / 365)::int) AS kmin) y`);
        process.stdout.write(`\revents: ${to.toLocaleString("en")} of ${EVENTS.toLocaleString("en")} (${s(performance.now() - t)})`);
      }
      console.log();
      t = performance.now();
      await db.$executeRawUnsafe(`
        INSERT INTO feed_fetches (feed_kind, feed_key, portal, language, reader, subscriber_count, user_agent_short, fetched_at)
        SELECT kind::"FeedKind", CASE kind WHEN 'main' THEN 'main' WHEN 'corrections' THEN 'corrections' WHEN 'newsroom' THEN 'bench-newsroom'
                                          ELSE (ARRAY['wirtschaft','handel','energie'])[1 + g % 3] END,
               CASE WHEN g % 20 = 0 THEN 'tech' ELSE 'business' END::"Portal", CASE WHEN g % 7 = 0 THEN 'en' ELSE 'de' END::"Language",
               reader, CASE WHEN reader IS NOT NULL THEN 100 + (g % 5000) END, coalesce(reader, 'curl'), now() - (g::float8 * 365 / ${FEED_FETCHES}) * interval '1 day'
        FROM generate_series(1, ${FEED_FETCHES}) g,
             LATERAL (SELECT (ARRAY['main','main','main','main','main','main','newsroom','category','category','corrections'])[1 + g % 10] AS kind,
                             (ARRAY['feedly','inoreader','newsblur','feedbin','miniflux',NULL,NULL])[1 + (g / 10) % 7] AS reader) x`);
      await db.$executeRawUnsafe(`
        INSERT INTO crawler_fetches (press_release_id, service, user_agent_short, fetched_at)
        SELECT r.id, (ARRAY['google','bing','duckduckgo','openai','other'])[1 + i % 5], 'Bot/1.0', r.published_at + (i * i * 600) * interval '1 second'
        FROM press_releases r, generate_series(1, 30) i WHERE r.published_at + (i * i * 600) * interval '1 second' < now()`);
      await db.$executeRawUnsafe(`
        INSERT INTO press_release_index_checks (press_release_id, state, answer, inspector, checked_at)
        SELECT r.id, (ARRAY['not_crawled','crawled_not_indexed','indexed'])[least(3, i)]::"IndexState", '{}'::jsonb, 'search-console', r.published_at + i * interval '1 day'
        FROM press_releases r, generate_series(1, 10) i WHERE r.company_id = ${newsroom.id} AND r.published_at + i * interval '1 day' < now()`);
      await db.$executeRawUnsafe(`
        INSERT INTO indexnow_pings (press_release_id, url, reason, status, created_at, due_at, sent_at)
        SELECT id, 'http://business.localhost/de/pressemitteilung/' || slug, 'publish', 'sent', published_at, published_at, published_at + interval '5 seconds'
        FROM press_releases WHERE company_id = ${newsroom.id}`);
      await db.$executeRawUnsafe("VACUUM ANALYZE");
      const [sizes] = await db.$queryRawUnsafe<{ events: string; fetches: string }[]>(
        "SELECT pg_size_pretty(pg_total_relation_size('press_release_events')) AS events, pg_size_pretty(pg_total_relation_size('feed_fetches')) AS fetches",
      );
      console.log(
        `feed, crawler, index and IndexNow rows, vacuum/analyze: ${s(performance.now() - t)}; events ${sizes!.events}, feed fetches ${sizes!.fetches}`,
      );

      // ── The aggregation, as the schedule runs it (480 s budget, lock of 600 s) ─────────────
      t = performance.now();
      let booked = 0;
      for (let run = 1; ; run++) {
        const started = performance.now();
        const r = await aggregateViews();
        console.log(`aggregation run ${run}: ${JSON.stringify(r)} in ${s(performance.now() - started)}`);
        if (r.outcome === "done" && r.batches === 0) break;
        booked += r.events;
      }
      const wall = performance.now() - t;
      const [counts] = await db.$queryRawUnsafe<{ daily: number; monthly: number; hits: number }[]>(
        "SELECT (SELECT count(*)::int FROM release_daily_counts) AS daily, (SELECT count(*)::int FROM release_monthly_counts) AS monthly, (SELECT sum(hits)::int FROM press_releases) AS hits",
      );
      console.log(
        `aggregation: ${EVENTS.toLocaleString("en")} events (${booked.toLocaleString("en")} views) in ${s(wall)}: ${Math.round(EVENTS / (wall / 1000)).toLocaleString("en")} events/s; ${counts!.daily.toLocaleString("en")} daily rows, ${counts!.monthly.toLocaleString("en")} monthly rows, hits ${counts!.hits.toLocaleString("en")}`,
      );
      await db.$executeRawUnsafe("VACUUM ANALYZE release_daily_counts");
      await db.$executeRawUnsafe("VACUUM ANALYZE release_monthly_counts");
      await db.$executeRawUnsafe("VACUUM ANALYZE press_releases");

      // ── The reports ────────────────────────────────────────────────────────────────────
      const first = await loadNewsroomReach({ userId: owner.id, companyId: newsroom.id });
      console.log(
        `newsroom report: ${first.totals.releases} releases, ${first.totals.views.toLocaleString("en")} views, ${first.releases.pageCount} pages; this month ${first.months.at(-1)!.views.toLocaleString("en")} views`,
      );
      console.log(`\nreports, one after another:`);
      report(
        "newsroom report, page 1 (loadNewsroomReach)",
        await timed(RUNS, () => loadNewsroomReach({ userId: owner.id, companyId: newsroom.id })),
      );
      report(
        "newsroom report, last page",
        await timed(RUNS, () => loadNewsroomReach({ userId: owner.id, companyId: newsroom.id, page: first.releases.pageCount })),
      );
      const pick = async (where: string) =>
        (
          await db.$queryRawUnsafe<{ id: number }[]>(
            `SELECT id FROM press_releases WHERE company_id = ${newsroom.id} AND ${where} ORDER BY published_at DESC LIMIT 1`,
          )
        )[0]!.id;
      const newest = await pick("true");
      // The German edition's feeds are busy (a release leaves the main feed within days); the
      // English edition holds only this newsroom's fifth of the releases, so its feeds carry one
      // for about three months, and its feed readers are read over that whole window.
      const halfYearDe = await pick("language = 'de' AND published_at < now() - interval '182 days'");
      const halfYearEn = await pick("language = 'en' AND published_at < now() - interval '182 days'");
      report("release report, newest release (loadReleaseReach)", await timed(RUNS, () => loadReleaseReach({ releaseId: newest })));
      report("release report, six months old, German edition", await timed(RUNS, () => loadReleaseReach({ releaseId: halfYearDe })));
      report("release report, six months old, English edition", await timed(RUNS, () => loadReleaseReach({ releaseId: halfYearEn })));
      report(
        "newsroom CSV, all releases",
        await timed(Math.max(5, RUNS / 10), () =>
          newsroomReachCsv({ userId: owner.id, companyId: newsroom.id, table: "pressemitteilungen" }),
        ),
      );
      report(
        "admin portal report (3,000 releases, top newsrooms)",
        await timed(Math.max(5, RUNS / 10), () => loadPortalReach({ portal: "business" })),
      );
    } finally {
      await disconnectPrisma();
    }
  });
}

runBench(main);
