// Release figures on PostgreSQL: API v1 create and list throughput (through the real route
// handlers: token auth, access check, Redis rate limit, zod, database), publish() latency, and
// full-text search latency on 100,000 releases seeded here. A benchmark, not a test: it prints.
// Usage: npx tsx bench/releases.ts [--releases=100000] [--requests=300] [--concurrency=8]
import { cpus } from "node:os";
import { percentile as pct, pool, runBench, withThrowawayDatabase } from "./support";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const RELEASES = arg("releases", 100_000);
const REQUESTS = arg("requests", 300);
const CONCURRENCY = arg("concurrency", 8);

const ms = (t: number) => `${t.toFixed(1)} ms`;
function report(label: string, samples: number[], wallMs?: number) {
  const s = [...samples].sort((a, b) => a - b);
  const rate = wallMs ? `  ${((samples.length / wallMs) * 1000).toFixed(0)} req/s` : "";
  console.log(`${label.padEnd(46)} p50 ${ms(pct(s, 50))}  p95 ${ms(pct(s, 95))}  max ${ms(s.at(-1)!)}  (${samples.length} runs)${rate}`);
}


const WORDS = "Werk Energie Wasserstoff Software Plattform Forschung Mittelstand Export Investition Standort Fachkräfte Logistik Batterie Windpark Solar Netz Rechenzentrum Sicherheit Cloud Kunden Partner Markt Umsatz Wachstum Quartal Produktion Innovation Digitalisierung Nachhaltigkeit Klinik Medizin Studie Universität Stadtwerke Bahn Hafen Flughafen Handel Versicherung Bank Startup Finanzierung Robotik Sensor Chip Halbleiter Fahrzeug Ladesäule Wärmepumpe Gebäude Recycling".split(" ");

async function main() {
  console.log(`machine: ${cpus().length} cores, node ${process.version}; PostgreSQL at 127.0.0.1; releases ${RELEASES}, requests ${REQUESTS}, concurrency ${CONCURRENCY}`);
  await withThrowawayDatabase("pd_bench_rel", async (url) => {
    process.env.DATABASE_URL = url;
    process.env.JOBS_AUTO_DRAIN = "false";
    process.env.API_RATE_LIMIT_PER_MINUTE = "1000000";
    process.env.REDIS_URL ??= "redis://127.0.0.1:6379";
    const { applyMigrations } = await import("@/lib/db/migrations/migrations");
    await applyMigrations(url);
    const { db, disconnectPrisma } = await import("@/lib/db/client");
    const { createApiToken } = await import("@/lib/api-tokens/tokens");
    const { publishRelease } = await import("@/lib/releases/publish-release");
    const { KI } = await import("@/lib/releases/history");
    const { searchReleases } = await import("@/lib/releases/search");
    const releasesRoute = await import("@/app/api/v1/releases/route");

    try {
      const user = await db.user.create({ data: { email: "bench@example.test", name: "Bench" } });
      const company = await db.company.create({ data: { portal: "business", slug: "bench", name: "Bench AG" } });
      await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "owner", grantedVia: "manual" } });
      await db.userPaymentOption.create({ data: { userId: user.id, provider: "stripe", plan: "bench", monthlyReleaseQuota: 1_000_000, apiAccess: true } });
      const { token } = await createApiToken({ userId: user.id, name: "bench", identityConfirmedAt: new Date() });
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      const body = `<p>${Array.from({ length: 80 }, (_, i) => WORDS[i % WORDS.length]).join(" ")}.</p>`;

      // API v1: create (submit: true, so the review job is enqueued too) and list.
      const create = (i: number) =>
        releasesRoute.POST(new Request("http://hub.localhost/api/v1/releases", { method: "POST", headers, body: JSON.stringify({ newsroom_id: company.id, portal: "business", language: "de", title: `Bench-Meldung Nummer ${i} über das neue Werk`, body, location: "Berlin", contact: { name: "Presse" } }) })).then((r) => {
          if (r.status !== 201) throw new Error(`create answered ${r.status}`);
        });
      let run = await pool(Math.min(50, REQUESTS), 1, (i) => create(1_000_000 + i));
      report("API create, 1 client", run.samples, run.wall);
      run = await pool(REQUESTS, CONCURRENCY, create);
      report(`API create, ${CONCURRENCY} clients`, run.samples, run.wall);
      const list = () =>
        releasesRoute.GET(new Request("http://hub.localhost/api/v1/releases?per_page=20&status=in_review", { headers })).then((r) => {
          if (r.status !== 200) throw new Error(`list answered ${r.status}`);
        });
      run = await pool(REQUESTS, CONCURRENCY, list);
      report(`API list (20 per page), ${CONCURRENCY} clients`, run.samples, run.wall);

      // publish(): releases in review with a green check of their current text.
      const toPublish = await db.pressRelease.findMany({ where: { status: "in_review" }, select: { id: true, contentHash: true, reviewFingerprint: true }, take: 200 });
      await db.pressReleaseClassification.createMany({ data: toPublish.map((r) => ({ pressReleaseId: r.id, result: "green" as const, reasons: [], contentHash: r.contentHash, reviewFingerprint: r.reviewFingerprint, classifier: "bench", attempt: 0 })) });
      run = await pool(toPublish.length, 1, (i) => publishRelease({ releaseId: toPublish[i]!.id, actor: KI }).then(() => undefined));
      report("publish() latency, sequential", run.samples);

      // Search on a large mirror: releases and mirror rows written by SQL in one go.
      let t = performance.now();
      await db.$executeRawUnsafe(`
        WITH words AS (SELECT ARRAY['${WORDS.join("','")}'] AS w)
        INSERT INTO press_releases (status, portal, language, slug, title, body, company_id, content_hash, published_at, published_ever_at, updated_at)
        SELECT 'published', CASE WHEN g % 2 = 0 THEN 'business' ELSE 'tech' END::"Portal", CASE WHEN g % 4 = 0 THEN 'en' ELSE 'de' END::"Language",
               'bulk-' || g, 'Meldung ' || g || ' ' || w[1 + g % 50] || ' ' || w[1 + (g * 7) % 50] || ' Projekt' || (g % 1000),
               '<p>' || (SELECT string_agg(w[1 + ((g * 31 + i * 17) % 50)], ' ') FROM generate_series(1, 120) i) || '</p>',
               ${company.id}, md5(g::text) || md5(g::text), now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, now()
        FROM generate_series(1, ${RELEASES}) g, words`);
      const inserted = performance.now() - t;
      t = performance.now();
      await db.$executeRawUnsafe(`
        INSERT INTO press_release_search (press_release_id, portal, language, status, company_id, title, body_text, company_name, published_at, is_public, synced_at)
        SELECT id, portal, language, status, company_id, title, regexp_replace(body, '<[^>]+>', ' ', 'g'), 'Bench AG', published_at, true, now()
        FROM press_releases WHERE slug LIKE 'bulk-%'`);
      await db.$executeRawUnsafe("ANALYZE press_release_search");
      console.log(`seeded ${RELEASES} releases in ${ms(inserted)}, mirror with German and English tsvectors in ${ms(performance.now() - t)}`);
      const total = await db.pressReleaseSearch.count();
      for (const [label, q] of [
        ["search rare term (0.1 % of rows), public", { q: "Projekt417", publicOnly: true, perPage: 20 }],
        ["search common word (most rows), public, de", { q: "Wasserstoff", publicOnly: true, language: "de" as const, perPage: 20 }],
        ["search two words, business portal", { q: "Windpark Batterie", portal: "business" as const, perPage: 20 }],
        ["search phrase with exclusion", { q: '"Werk Energie" -Klinik', perPage: 20 }],
        ["newest public, no words (dashboard list)", { publicOnly: true, portal: "tech" as const, language: "de" as const, perPage: 20 }],
      ] as const) {
        const samples: number[] = [];
        let hits = 0;
        for (let i = 0; i < 50; i++) {
          const s = performance.now();
          hits = (await searchReleases(q)).total;
          samples.push(performance.now() - s);
        }
        report(`${label}: ${hits} of ${total}`, samples);
      }
    } finally {
      // Before the database is dropped: its connections must be gone.
      await disconnectPrisma();
    }
  });
}

runBench(main);
