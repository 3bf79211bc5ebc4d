// Outbox delivery figures: queue N mails and drain them through the real Resend SDK against a
// local provider (tests/mail/fake-resend.ts), with W sweep workers at once; prints mails/s,
// provider requests and resident memory. A benchmark, not a test: it prints.
// Usage: npx tsx bench/mail-delivery.ts [--mails=20000] [--workers=2] [--fail-rate=0]
import { cpus } from "node:os";
import { FakeResend } from "@/tests/mail/fake-resend";
import { runBench, withThrowawayDatabase } from "./support";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const MAILS = arg("mails", 20_000);
const WORKERS = arg("workers", 2);
const FAIL_RATE = arg("fail-rate", 0);
const mib = (b: number) => `${(b / 1048576).toFixed(0)} MiB`;

async function main() {
  console.log(
    `machine: ${cpus().length} cores, node ${process.version}; PostgreSQL at 127.0.0.1; mails ${MAILS}, workers ${WORKERS}, provider failure rate ${FAIL_RATE}`,
  );
  await withThrowawayDatabase("bench_mail", async (url) => {
    const provider = new FakeResend({ seed: 7, keepBodies: false });
    provider.failRate = FAIL_RATE;
    Object.assign(process.env, {
      DATABASE_URL: url,
      RESEND_API_KEY: "re_bench",
      RESEND_BASE_URL: await provider.start(),
      MAIL_RETRY_BASE_SECONDS: "0",
      MAIL_MAX_RETRIES: "20",
      JOBS_AUTO_DRAIN: "false",
      MAIL_BATCH_SIZE: "100",
      MAIL_SEND_CONCURRENCY: "8",
    });
    const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
    await applyMigrations(url);
    const { db, disconnectPrisma } = await import("@/lib/core/db/client");
    const { deliverDueMail } = await import("@/lib/domains/mail/delivery/deliver-mail");
    try {
      await db.$executeRaw`
        INSERT INTO mail_outbox ("to", "from", subject, html, text, headers, mail_type, created_at)
        SELECT 'reader' || g || '@example.com', 'Pressdesk <noreply@pressdesk.localhost>', 'Ihre Pressemitteilung ist online',
               '<p>' || repeat('Text ', 400) || '</p>', repeat('Text ', 400), '{}'::jsonb, 'published', now()
        FROM generate_series(1, ${MAILS}) g`;
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
      const started = performance.now();
      while ((await db.mailOutbox.count({ where: { status: { in: ["queued", "sending"] } } })) > 0) {
        await Promise.all(Array.from({ length: WORKERS }, () => deliverDueMail({ budgetMs: 60_000 })));
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const sent = await db.mailOutbox.count({ where: { status: "sent" } });
      console.log(
        `delivered ${sent} of ${MAILS} in ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(0)} mails/s; provider requests ${provider.requests}, distinct deliveries ${provider.delivered.length}`,
      );
      console.log(`resident memory: ${mib(rssBefore)} before, ${mib(peakRss)} peak`);
    } finally {
      await provider.stop();
      await disconnectPrisma();
    }
  });
}

runBench(main);
