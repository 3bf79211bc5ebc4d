import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import { createDatabase, dropDatabase } from "./test-databases";

// Each test file gets its own copy of the migrated template, made before the file's imports
// run, so the Prisma client module picks it up from DATABASE_URL.
const template = inject("templateDatabase");
const name = `${template.replace(/_tpl$/, "")}_${randomBytes(4).toString("hex")}`;
process.env.DATABASE_URL = await createDatabase(name, template);
// Jobs run when a test works the queue, never behind its back.
process.env.JOBS_AUTO_DRAIN ??= "false";
process.env.REDIS_URL ??= process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// Files run at once against one Redis with the same user ids: their keys must not meet.
process.env.CACHE_KEY_PREFIX ??= `${name}:`;
// Tests play the one trusted proxy in front: the X-Forwarded-For they send is the client's
// address (lib/core/security/client-ip.ts), so each test can be a client of its own.
process.env.TRUSTED_PROXY_HOPS ??= "1";
// Tests never reach the breached-password range API; the bundled list stands in for it.
process.env.PASSWORD_BREACH_CHECK ??= "false";
// Nor DNS: the mail-domain check is on with a database URL; its own tests give it a resolver.
process.env.EMAIL_DOMAIN_CHECK ??= "false";
// Nor IndexNow: pings are recorded; its own tests point INDEXNOW_ENDPOINT at a local server.
process.env.INDEXNOW_ENDPOINT ??= "local";

// Every file reports to the error tracker through the real options and privacy filter; a local
// transport files each envelope where the run's teardown checks them all (tests/global-setup.ts).
const { getConfig, resetConfigForTests } = await import("@/lib/core/config");
const { installSentry } = await import("@/lib/core/observability/sentry/install-sentry");
const { fileTransport } = await import("./sentry-capture");
const config = getConfig();
// A file may still set its environment before its first getConfig().
resetConfigForTests();
await installSentry(config, {
  dsn: "https://public@sentry.invalid/1",
  transport: fileTransport(inject("sentryEnvelopeDir")),
  // The test runner owns the process: its crash handlers stay, and no module loader hook is added.
  integrations: (defaults) => defaults.filter((i) => i.name !== "OnUncaughtException" && i.name !== "OnUnhandledRejection"),
  registerEsmLoaderHooks: false,
});

// Lifecycle events reach their listeners right after each transition commits, as in every
// process (lib/runtime/start.ts). The local checkout's webhook receiver is loaded at its first
// use, not here: a file's vi.mock must still reach the modules the receiver imports.
await import("@/lib/runtime/release-reactions");
const { provideLocalWebhookReceiver } = await import("@/lib/domains/billing/provider/local-provider");
provideLocalWebhookReceiver(async (request) =>
  (await import("@/lib/domains/billing/webhook/receive-stripe-webhook")).receiveStripeWebhook(request),
);

/** The file's Redis keys go with its database (store entries without a TTL would pile up). */
async function dropFileRedisKeys(): Promise<void> {
  const { getRedis } = await import("@/lib/core/redis/client");
  const redis = getRedis(process.env.REDIS_URL!);
  const prefix = process.env.CACHE_KEY_PREFIX;
  for (const match of [`pd:${prefix}*`, `${prefix}rl:*`, `pd:next:${prefix}*`]) {
    for await (const keys of redis.scanStream({ match, count: 500 })) if ((keys as string[]).length) await redis.del(...(keys as string[]));
  }
}

afterAll(async () => {
  await (await import("@sentry/nextjs")).flush(5000);
  const { disconnectPrisma } = await import("@/lib/core/db/client");
  const { closeRedisClients } = await import("@/lib/core/redis/client");
  await dropFileRedisKeys().catch(() => {});
  await Promise.all([disconnectPrisma(), closeRedisClients()]);
  await dropDatabase(name);
});
