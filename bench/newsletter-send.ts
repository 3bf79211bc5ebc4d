// Newsletter sending at scale: 50,000 confirmed subscribers in a throwaway PostgreSQL database,
// startCampaign (the freeze) and the send jobs run in-process against a local HTTP server that
// answers like Resend's POST /emails, reached through the real `resend` SDK (RESEND_API_KEY +
// RESEND_BASE_URL). Prints the freeze time, throughput (mails/s) and resident memory at 10k, 25k
// and 50k mails sent: memory must stay flat however many recipients a campaign has.
// A benchmark, not a test: it prints. Usage: npx tsx bench/newsletter-send.ts [--subscribers=50000] [--jobs=2]
import { spawn, type ChildProcess } from "node:child_process";
import { cpus } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { runBench, withThrowawayDatabase } from "./support";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const SUBSCRIBERS = arg("subscribers", 50_000);
const JOBS = arg("jobs", 2);
const MARKS = [10_000, 25_000, 50_000].filter((m) => m <= SUBSCRIBERS);

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as (() => void) | undefined;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// The stand-in provider (tests/mail/fake-resend.ts) runs in a child process, so its own
// bookkeeping (one id per idempotency key, as Resend keeps them) does not count towards the
// sender's memory.
function startFakeResend(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/mail/fake-resend-process.ts"], {
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once("data", (d: Buffer) => resolve({ child, url: d.toString().trim() }));
    child.once("exit", (code) => reject(new Error(`fake provider exited with ${code}`)));
  });
}

const providerCount = (child: ChildProcess) =>
  new Promise<{ requests: number; keys: number }>((resolve) => {
    child.once("message", (m) => resolve(m as { requests: number; keys: number }));
    child.send("count");
  });

async function main() {
  console.log(
    `machine: ${cpus().length} cores, node ${process.version}; PostgreSQL at 127.0.0.1; subscribers ${SUBSCRIBERS.toLocaleString("en")}, send jobs ${JOBS}`,
  );
  const provider = await startFakeResend();
  try {
    await withThrowawayDatabase("pd_bench_newsletter", async (url) => {
      Object.assign(process.env, {
        DATABASE_URL: url,
        JOBS_AUTO_DRAIN: "false",
        NEWSLETTER_SENDING_ENABLED: "true",
        NEWSLETTER_SEND_RATE_PER_SECOND: "10000",
        NEWSLETTER_SEND_JOBS: String(JOBS),
        RESEND_API_KEY: "re_bench_key",
        RESEND_BASE_URL: provider.url,
      });
      const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
      await applyMigrations(url);
      const { db, disconnectPrisma } = await import("@/lib/core/db/client");
      const { createCampaign } = await import("@/lib/domains/newsletter/create-campaign");
      const { startCampaign } = await import("@/lib/domains/newsletter/start-campaign");
      const { sendCampaignBatch } = await import("@/lib/domains/newsletter/send-campaign-batch");
      try {
        await db.$executeRaw`
          INSERT INTO newsletter_subscribers (email, language, portals, confirmed_at, created_at, updated_at)
          SELECT 'reader' || g || '@bench.example', CASE WHEN g % 3 = 0 THEN 'en' ELSE 'de' END::"Language", '{}', now(), now(), now()
          FROM generate_series(1, ${SUBSCRIBERS}) g`;
        const body = `<p>Liebe Leserinnen und Leser,</p><p>das ist der <strong>Pressdesk-Newsletter</strong> mit <a href="https://pressdesk.example/neu">den neuesten Meldungen</a>.</p><ul>${"<li>Eine Meldung aus dem Portal</li>".repeat(8)}</ul>`;
        const { id } = await createCampaign({ input: { subject: "Bench-Newsletter", bodyHtml: body, filter: {} }, actorUserId: null });
        const t = performance.now();
        const { recipientCount } = await startCampaign({ campaignId: id, actorUserId: null });
        console.log(`freeze: ${recipientCount.toLocaleString("en")} recipients in ${(performance.now() - t).toFixed(0)} ms`);

        gc?.();
        const base = process.memoryUsage();
        console.log(`before sending: rss ${mb(base.rss)}, heap ${mb(base.heapUsed)}`);
        const started = performance.now();
        let mark = { at: started, sent: 0 };
        let sampling = true;
        const pending = [...MARKS];
        const sampler = (async () => {
          // One more pass after sending ends, so the last mark is read too.
          for (let final = false; pending.length && !final;) {
            final = !sampling;
            const { sentCount } = await db.newsletterCampaign.findUniqueOrThrow({ where: { id }, select: { sentCount: true } });
            while (pending.length && sentCount >= pending[0]!) {
              const now = performance.now();
              gc?.();
              const m = process.memoryUsage();
              const rate = ((sentCount - mark.sent) / (now - mark.at)) * 1000;
              console.log(
                `  ${pending.shift()!.toLocaleString("en").padStart(6)} sent (${sentCount}): ${rate.toFixed(0).padStart(5)} mails/s since the last mark; rss ${mb(m.rss)}, heap ${mb(m.heapUsed)}`,
              );
              mark = { at: now, sent: sentCount };
            }
            await new Promise((r) => setTimeout(r, 100));
          }
        })();
        // The send jobs, as the runner would start them: each runs until nothing is left to claim.
        await Promise.all(
          Array.from({ length: JOBS }, async () => {
            for (;;) {
              const run = await sendCampaignBatch({ campaignId: id });
              if (run.outcome !== "budget") return;
            }
          }),
        );
        const wall = performance.now() - started;
        sampling = false;
        await sampler;
        const campaign = await db.newsletterCampaign.findUniqueOrThrow({
          where: { id },
          select: { status: true, sentCount: true, failedCount: true },
        });
        const seen = await providerCount(provider.child);
        console.log(
          `sent ${campaign.sentCount.toLocaleString("en")} (failed ${campaign.failedCount}) in ${(wall / 1000).toFixed(1)} s: ${((campaign.sentCount / wall) * 1000).toFixed(0)} mails/s; campaign ${campaign.status}`,
        );
        console.log(`provider saw ${seen.requests.toLocaleString("en")} requests for ${seen.keys.toLocaleString("en")} idempotency keys`);
        gc?.();
        const end = process.memoryUsage();
        console.log(
          `after sending: rss ${mb(end.rss)} (${end.rss >= base.rss ? "+" : ""}${mb(end.rss - base.rss)}), heap ${mb(end.heapUsed)}`,
        );
      } finally {
        await disconnectPrisma();
      }
    });
  } finally {
    provider.child.kill();
  }
}

runBench(main);
