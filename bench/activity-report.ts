// The activity report (spec 4.3) over 1,000,000 activity rows: each filter kind's page query
// (none, type, time range, search and their combinations, a later page) and the per-day chart,
// several runs each, p50/p95, and the plan PostgreSQL chose (EXPLAIN ANALYZE: the indexes used
// and the execution time). Rows are written by SQL in one go into a throwaway database.
// The plans list, per part, each query run: the probe, the window edge, the page. A benchmark,
// not a test: it prints. Target: every filter under 300 ms.
// Usage: npx tsx bench/activity-report.ts [--rows=1000000] [--users=20000] [--runs=20] [--plans]
import { cpus } from "node:os";
import { percentile as pct, runBench, withThrowawayDatabase } from "./support";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const ROWS = arg("rows", 1_000_000);
const USERS = arg("users", 20_000);
const RUNS = arg("runs", 20);
const FULL_PLANS = process.argv.includes("--plans");
const ms = (t: number) => `${t.toFixed(1)} ms`;

// How often each type occurs, as a live service writes them: logins and release moves dominate.
const TYPE_WEIGHTS: [string, number][] = [
  ["user.logged_in", 34],
  ["release.status_changed", 24],
  ["newsroom.profile_updated", 6],
  ["credits.spent", 4],
  ["invoice.sent", 4],
  ["form.intake", 4],
  ["user.registered", 3],
  ["payment.received", 3],
  ["credits.top_up", 2],
  ["company.invitation_sent", 2],
  ["boost.booked", 2],
  ["image.rights_confirmed", 2],
  ["invoice.created", 2],
  ["agreement.period_invoiced", 2],
  ["user.password_changed", 1],
  ["passkey.registered", 1],
  ["checkout.started", 2],
  ["evidence.accessed", 1],
  ["agreement.billing_hold_placed", 1],
];
const TYPES = TYPE_WEIGHTS.flatMap(([t, w]) => Array<string>(w).fill(t));
const FIRST = "Anna Ben Clara David Emma Felix Greta Hans Ida Jonas Karla Lukas Mia Noah Olga Paul Rita Sven Tina Uwe".split(" ");
const LAST =
  "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf Schröder Neumann Schwarz Braun Zimmermann Krüger".split(
    " ",
  );
const REASONS = [
  "published",
  "rejected: Werbesprache",
  "manual_queue",
  "scheduled",
  "flagged_for_manual_check: Gesundheitsversprechen",
  "Kunde insolvent",
  "Anfrage der Staatsanwaltschaft Hamburg",
  "api_assignment",
  "email_match",
  "Rechnung nicht zustellbar",
  "submitted",
  "approved",
];
const PATHS: Record<string, string[]> = {
  "user.logged_in": ["password", "login_link", "third_party", "passkey", "impersonation"],
  "user.registered": ["form", "third_party", "login_link"],
  "payment.received": ["card", "bank_transfer"],
  "form.intake": ["contact", "legal_request", "withdrawal", "cancellation", "newsletter_signup"],
};
const SUBJECT: Record<string, string> = {
  "release.status_changed": "press_release",
  "boost.booked": "press_release",
  "evidence.accessed": "press_release",
  "image.rights_confirmed": "press_release_image",
  "invoice.sent": "invoice",
  "invoice.created": "invoice",
  "payment.received": "invoice",
};

const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]`;

function report(label: string, samples: number[], found: number) {
  const s = [...samples].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(58)} p50 ${ms(pct(s, 50)).padStart(9)}  p95 ${ms(pct(s, 95)).padStart(9)}  max ${ms(s.at(-1)!).padStart(9)}  rows ${found}`,
  );
}

async function main() {
  console.log(
    `machine: ${cpus().length} cores, node ${process.version}; PostgreSQL at 127.0.0.1; activity rows ${ROWS}, users ${USERS}, runs ${RUNS}`,
  );
  await withThrowawayDatabase("pd_bench_activity", async (url) => {
    process.env.DATABASE_URL = url;
    const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
    await applyMigrations(url);
    const { db, disconnectPrisma } = await import("@/lib/core/db/client");
    const { activityReportParts, runActivityPart, loadActivityReport, decodeCursor } =
      await import("@/lib/domains/reports/activity-report");
    const { loadActivityPerDay } = await import("@/lib/domains/reports/activity-per-day");
    const { rangeOf, addDays, berlinDayOf } = await import("@/lib/domains/reports/report-range");
    try {
      let t = performance.now();
      await db.$executeRawUnsafe(`
        INSERT INTO users (email, name, created_at, updated_at)
        SELECT lower(f) || '.' || lower(translate(l, 'üöä', 'uoa')) || g || '@firma' || (g % 700) || '.de', f || ' ' || l, now(), now()
        FROM generate_series(1, ${USERS}) g, LATERAL (SELECT (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] AS f, (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] AS l) n`);
      // Newest first: g = 1 is now, the oldest row is 395 days back. Rows older than 200 days
      // carry the names written before the type registry (Login, payment, form_intake).
      await db.$executeRawUnsafe(`
        INSERT INTO activity_log (actor_user_id, type, subject_type, subject_id, result, reason, path, created_at)
        SELECT CASE WHEN t = 'release.status_changed' AND h % 3 > 0 THEN NULL WHEN h % 10 < 2 THEN NULL ELSE 1 + (h / 7) % ${USERS} END,
               CASE WHEN g > ${Math.floor(ROWS * 0.5)} THEN CASE t WHEN 'user.logged_in' THEN 'Login' WHEN 'payment.received' THEN 'payment' WHEN 'form.intake' THEN 'form_intake' ELSE t END ELSE t END,
               COALESCE(s, CASE WHEN t LIKE 'user.%' THEN 'user' WHEN t LIKE 'agreement.%' THEN 'agreement' ELSE 'company' END),
               (1 + (h / 13) % 200000)::text,
               CASE WHEN t = 'release.status_changed' THEN (ARRAY['published','rejected','in_review','scheduled'])[1 + h % 4] END,
               CASE WHEN t IN ('release.status_changed', 'agreement.billing_hold_placed', 'evidence.accessed', 'company.invitation_sent') THEN (${sqlArray(REASONS)})[1 + (h / 3) % ${REASONS.length}]
                    -- A wording only the oldest tenth of the rows has: matches far from the newest end.
                    WHEN t = 'newsroom.profile_updated' AND g > ${Math.floor(ROWS * 0.9)} THEN 'Altdatenübernahme aus dem Vorgängersystem' END,
               CASE t ${Object.entries(PATHS)
                 .map(([k, v]) => `WHEN '${k}' THEN (${sqlArray(v)})[1 + h % ${v.length}]`)
                 .join(" ")} END,
               now() - (g * ${(395 * 86_400) / ROWS}) * interval '1 second'
        FROM generate_series(1, ${ROWS}) g,
             LATERAL (SELECT (g::bigint * 2654435761) % 4294967291 AS h) x,
             LATERAL (SELECT (${sqlArray(TYPES)})[1 + h % ${TYPES.length}] AS t) y,
             LATERAL (SELECT (${`'${JSON.stringify(SUBJECT)}'`}::jsonb ->> t) AS s) z`);
      const seeded = performance.now() - t;
      t = performance.now();
      await db.$executeRawUnsafe("VACUUM ANALYZE activity_log");
      await db.$executeRawUnsafe("VACUUM ANALYZE users");
      const size = await db.$queryRawUnsafe<{ table: string; indexes: string }[]>(
        `SELECT pg_size_pretty(pg_table_size('activity_log')) AS table, pg_size_pretty(pg_indexes_size('activity_log')) AS indexes`,
      );
      console.log(
        `seeded ${ROWS} activity rows and ${USERS} users in ${ms(seeded)} (vacuum/analyze ${ms(performance.now() - t)}); table ${size[0]!.table}, indexes ${size[0]!.indexes}`,
      );

      const today = berlinDayOf(new Date());
      const month = { fromDay: addDays(today, -120), toDay: addDays(today, -91) };
      const someone = (await db.user.findFirstOrThrow({ where: { id: 4711 % USERS }, select: { email: true } })).email;
      const page1 = await loadActivityReport({ type: null, fromDay: null, toDay: null, q: "", before: null, after: null });
      const deep = await loadActivityReport({
        type: null,
        fromDay: null,
        toDay: null,
        q: "",
        before: { createdAt: new Date(Date.now() - 300 * 86_400_000), id: 10n ** 12n },
        after: null,
      });
      const base = { type: null, fromDay: null, toDay: null, q: "", before: null, after: null };
      const cases: [string, Parameters<typeof loadActivityReport>[0]][] = [
        ["no filter (newest 50)", base],
        ["no filter, next page (keyset)", { ...base, before: decodeCursor(page1.older) }],
        ["no filter, a page 300 days back (keyset)", { ...base, before: decodeCursor(deep.older) }],
        ["type, common, with old name (user.logged_in + Login)", { ...base, type: "user.logged_in" }],
        ["type, rare (evidence.accessed)", { ...base, type: "evidence.accessed" }],
        [
          "type, old name only in old rows (form.intake)",
          { ...base, type: "form.intake", fromDay: addDays(today, -390), toDay: addDays(today, -300) },
        ],
        ["time range (30 days, 4 months back)", { ...base, ...month }],
        ["time range + type (payment.received)", { ...base, ...month, type: "payment.received" }],
        ["search, rare subject id", { ...base, q: "123457" }],
        ["search, common word (werbesprache)", { ...base, q: "werbesprache" }],
        ["search, two words (kunde insolvent)", { ...base, q: "kunde insolvent" }],
        ["search, rare word prefix (staatsanw)", { ...base, q: "staatsanw" }],
        ["search, actor e-mail (one person)", { ...base, q: someone }],
        ["search, actor name (many people: Müller)", { ...base, q: "Müller" }],
        ["search, very common word (user: 4 in 10 rows)", { ...base, q: "user" }],
        ["search, common word only in the oldest rows", { ...base, q: "altdatenüber" }],
        ["search, no match", { ...base, q: "zzqqxx" }],
        ["search + type + time range", { ...base, ...month, type: "release.status_changed", q: "rejected" }],
        ["search + time range, actor name", { ...base, ...month, q: "Greta" }],
      ];
      console.log(`\npage query (50 rows), ${RUNS} runs each:`);
      const plans: string[] = [];
      for (const [label, query] of cases) {
        const samples: number[] = [];
        let found = 0;
        for (let i = 0; i < RUNS; i++) {
          const s = performance.now();
          found = (await loadActivityReport(query)).rows.length;
          samples.push(performance.now() - s);
        }
        report(label, samples, found);
        const explained: string[] = [];
        for (const part of await activityReportParts(query)) {
          const lines: string[] = [];
          await runActivityPart(part, { plans: lines });
          explained.push(`  ${part.label}:\n${condense(lines)}`);
        }
        plans.push(`${label}\n${explained.join("\n")}`);
      }
      console.log(`\nchart: entries per day, ${RUNS} runs each:`);
      for (const [label, opts] of [
        ["30 days, all types", { range: rangeOf(addDays(today, -29), today) }],
        ["30 days, one type (user.logged_in + Login)", { range: rangeOf(addDays(today, -29), today), type: "user.logged_in" as const }],
        ["90 days, all types", { range: rangeOf(addDays(today, -89), today) }],
      ] as const) {
        const samples: number[] = [];
        let days = 0;
        for (let i = 0; i < RUNS; i++) {
          const s = performance.now();
          days = (await loadActivityPerDay(opts)).length;
          samples.push(performance.now() - s);
        }
        report(label, samples, days);
      }
      console.log("\nplans (EXPLAIN ANALYZE, scan nodes; --plans prints them whole):");
      for (const p of plans) console.log(p);
    } finally {
      await disconnectPrisma();
    }
  });
}

/** A plan as it ran: its scan and sort nodes and the execution time (all of it with --plans). */
function condense(lines: string[]): string {
  const kept = FULL_PLANS
    ? lines
    : lines.filter((l) => /Scan|Sort Method|Execution Time/.test(l)).map((l) => l.replace(/\s+\(cost=[^)]*\)/, ""));
  return kept.map((l) => `    ${l.trim().slice(0, 150)}`).join("\n");
}

runBench(main);
