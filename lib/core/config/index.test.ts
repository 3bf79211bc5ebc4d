import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./index";

/** Secrets strict mode requires; the archive key is its own. */
const STRICT_SECRETS = { APP_KEY: "k", HEALTH_TOKEN: "t", RESEND_API_KEY: "re_test", ARCHIVE_SIGNING_KEY: "a" };

describe("loadConfig", () => {
  it("runs on the embedded default with no environment at all", () => {
    const c = loadConfig({});
    expect(c.app.mode).toBe("embedded");
    expect(c.database.url).toBeUndefined();
    expect(c.database.embeddedPort).toBe(54329);
    expect(c.database.lockWaitTimeoutMs).toBe(10_000);
    expect(c.review.maxAutomaticAttempts).toBe(3);
    expect(c.review.yellowToManualQueue).toBe(false);
    expect(c.images.precheck).toBe(false);
    expect(c.images.precheckStage).toBe(1);
    expect(c.images.maxUploadBytes).toBe(16 * 1024 * 1024);
    expect(c.releases.canonicalAssignmentEnabled).toBe(true);
    expect(c.newsletter.sendingEnabled).toBe(false);
    expect(c.auth.requireStrongAdmin).toBe(true);
    expect(c.auth.passwordBreachCheck).toBe(false);
    expect(c.mail.bounceUnsignedKind).toBe("policy");
    expect(c.sites).toEqual({
      hub: "hub.localhost:3000",
      business: "business.localhost:3000",
      tech: "tech.localhost:3000",
      protocol: "http",
      refuseUnknownHosts: true,
    });
    expect(c.security.appKey.length).toBeGreaterThan(20);
  });

  it("reads booleans in every usual spelling", () => {
    for (const [raw, value] of [
      ["1", true],
      ["ON", true],
      ["yes", true],
      ["true", true],
      ["0", false],
      ["off", false],
      ["No", false],
      ["FALSE", false],
    ] as const) {
      expect(loadConfig({ YELLOW_TO_MANUAL_QUEUE: raw }).review.yellowToManualQueue).toBe(value);
    }
  });

  it("stops with a one-line reason naming the bad variable", () => {
    expect(() => loadConfig({ IMAGE_PRECHECK_STAGE: "abc" })).toThrow(ConfigError);
    try {
      loadConfig({ IMAGE_PRECHECK_STAGE: "abc", IMAGE_PRECHECK: "maybe" });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).not.toContain("\n");
      expect(message).toContain('IMAGE_PRECHECK_STAGE must be an integer (got "abc")');
      expect(message).toContain("IMAGE_PRECHECK must be a boolean");
    }
  });

  it("refuses an AI retry_after that does not outlast the AI timeout", () => {
    expect(loadConfig({ AI_JOB_TIMEOUT_S: "120", AI_JOB_RETRY_AFTER_S: "150" }).review.aiJobRetryAfterSeconds).toBe(150);
    expect(() => loadConfig({ AI_JOB_TIMEOUT_S: "120", AI_JOB_RETRY_AFTER_S: "120" })).toThrow(
      "AI_JOB_RETRY_AFTER_S (120) must be greater than AI_JOB_TIMEOUT_S (120)",
    );
  });

  it("refuses production and public hosts without every secret, and the embedded default on public hosts", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/app" })).toThrow(
      "APP_KEY, HEALTH_TOKEN, RESEND_API_KEY are required in production",
    );
    // A public host name is a deployment, whatever NODE_ENV says.
    expect(() => loadConfig({ NODE_ENV: "development", DATABASE_URL: "postgresql://db/app", SITE_HUB_HOST: "presse.example.com" })).toThrow(
      "APP_KEY, HEALTH_TOKEN, RESEND_API_KEY are required",
    );
    // The embedded default (derived secrets, demo accounts) runs on this machine's names only.
    expect(() => loadConfig({ SITE_BUSINESS_HOST: "business.example.com" })).toThrow(
      "the embedded default serves localhost names only (got business.example.com)",
    );
    expect(loadConfig({ NODE_ENV: "production", SITE_HUB_HOST: "hub.localhost:8080", SITE_BUSINESS_HOST: "127.0.0.1:8080" }).app.mode).toBe(
      "embedded",
    );
    expect(() =>
      loadConfig({ VERCEL: "1", DATABASE_URL: "postgresql://db/app", APP_KEY: "k", HEALTH_TOKEN: "t", RESEND_API_KEY: "re_test" }),
    ).toThrow("REDIS_URL is required on Vercel");
    // Tests and development against a real database derive local keys.
    expect(loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgresql://db/app" }).app.mode).toBe("production");
    const c = loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/app", ...STRICT_SECRETS });
    expect(c.app.mode).toBe("production");
    expect(c.sites.refuseUnknownHosts).toBe(false);
    expect(c.sites.protocol).toBe("https");
    expect(c.auth.passwordBreachCheck).toBe(true);
    expect(c.security.healthToken).toBe("t");
  });

  it("parses lists and ranges", () => {
    const c = loadConfig({ NEWSROOM_API_ASSIGNMENT_USER_IDS: "4, 8,15", ARCHIVE_PREVIOUS_KEYS: "k0:YWJj,k1:ZGVm" });
    expect(c.auth.newsroomApiAssignmentUserIds).toEqual([4, 8, 15]);
    expect(c.archive.previousKeys).toEqual([
      { id: "k0", key: "YWJj" },
      { id: "k1", key: "ZGVm" },
    ]);
    expect(() => loadConfig({ EMBEDDED_DB_PORT: "70000" })).toThrow("EMBEDDED_DB_PORT must be between 1 and 65535 (got 70000)");
    expect(() => loadConfig({ BOUNCE_UNSIGNED_KIND: "loud" })).toThrow("BOUNCE_UNSIGNED_KIND must be one of policy, hard, soft");
  });

  it("reads the S3 storage settings, and stays on the disk without S3_BUCKET", () => {
    expect(loadConfig({}).storage).toEqual({ kind: "disk" });
    expect(loadConfig({ S3_ENDPOINT: "https://minio.internal:9000", S3_ACCESS_KEY_ID: "id" }).storage).toEqual({ kind: "disk" });
    const c = loadConfig({
      S3_BUCKET: "press-files",
      S3_REGION: "eu-central-1",
      S3_ENDPOINT: "https://minio.internal:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "yes",
    });
    expect(c.storage).toEqual({
      kind: "s3",
      bucket: "press-files",
      region: "eu-central-1",
      endpoint: "https://minio.internal:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
    });
    // Defaults fit R2 and a role-based AWS setup: region "auto", virtual-host style, the SDK's own credentials.
    expect(loadConfig({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" }).storage).toEqual({
      kind: "s3",
      bucket: "b",
      region: "auto",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(() => loadConfig({ S3_BUCKET: "b", S3_ENDPOINT: "not a url" })).toThrow("S3_ENDPOINT");
    expect(() => loadConfig({ S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "maybe" })).toThrow("S3_FORCE_PATH_STYLE must be a boolean");
  });

  it("refuses Vercel without a shared bucket", () => {
    const vercel = {
      VERCEL: "1",
      DATABASE_URL: "postgresql://db/app",
      APP_KEY: "k",
      HEALTH_TOKEN: "t",
      RESEND_API_KEY: "re_test",
      REDIS_URL: "redis://cache:6379",
    };
    expect(() => loadConfig(vercel)).toThrow(ConfigError);
    expect(() => loadConfig(vercel)).toThrow("S3_BUCKET is required on Vercel");
    expect(loadConfig({ ...vercel, S3_BUCKET: "press-files" }).storage.kind).toBe("s3");
  });

  it("takes the version from APP_VERSION", () => {
    expect(loadConfig({ APP_VERSION: "2026.11.3" }).app.version).toBe("2026.11.3");
  });

  it("sends IndexNow pings to the public API only for a production database on public portal domains", () => {
    const endpoint = (env: Record<string, string>) => loadConfig(env).seo.indexNow.endpoint;
    const secrets = STRICT_SECRETS;
    const hosts = (suffix: string) => ({
      SITE_HUB_HOST: `hub.${suffix}`,
      SITE_BUSINESS_HOST: `business.${suffix}`,
      SITE_TECH_HOST: `tech.${suffix}`,
    });
    expect(endpoint({})).toBe("local");
    // A database alone (a developer's Postgres, CI, a staging copy on private names) announces nothing.
    expect(endpoint({ DATABASE_URL: "postgresql://localhost/app" })).toBe("local");
    expect(endpoint({ DATABASE_URL: "postgresql://localhost/app", NODE_ENV: "production", ...secrets })).toBe("local");
    for (const suffix of ["pressdesk.test", "staging.internal", "intranet.local", "pressdesk.example", "example.com", "home.arpa"]) {
      expect(endpoint({ DATABASE_URL: "postgresql://db/app", NODE_ENV: "production", ...secrets, ...hosts(suffix) })).toBe("local");
    }
    expect(
      endpoint({
        DATABASE_URL: "postgresql://db/app",
        NODE_ENV: "production",
        ...secrets,
        SITE_HUB_HOST: "10.0.0.7:3000",
        SITE_BUSINESS_HOST: "10.0.0.7:3001",
        SITE_TECH_HOST: "10.0.0.7:3002",
      }),
    ).toBe("local");
    // One portal on a private name is enough to keep the default local.
    expect(
      endpoint({ DATABASE_URL: "postgresql://db/app", ...secrets, ...hosts("pressdesk.de"), SITE_TECH_HOST: "tech.localhost:3000" }),
    ).toBe("local");
    expect(endpoint({ DATABASE_URL: "postgresql://db/app", NODE_ENV: "production", ...secrets, ...hosts("pressdesk.de") })).toBe(
      "https://api.indexnow.org/indexnow",
    );
    // Opt-in anywhere by naming it; `local` opts out on a public deployment.
    expect(endpoint({ INDEXNOW_ENDPOINT: "https://api.indexnow.org/indexnow" })).toBe("https://api.indexnow.org/indexnow");
    expect(
      endpoint({
        DATABASE_URL: "postgresql://db/app",
        NODE_ENV: "production",
        ...secrets,
        ...hosts("pressdesk.de"),
        INDEXNOW_ENDPOINT: "local",
      }),
    ).toBe("local");
  });

  it("keeps drafts at least 30 days", () => {
    expect(loadConfig({}).releases.draftRetentionDays).toBe(365);
    expect(loadConfig({ DRAFT_RETENTION_DAYS: "30" }).releases.draftRetentionDays).toBe(30);
    for (const days of ["1", "29"]) expect(() => loadConfig({ DRAFT_RETENTION_DAYS: days })).toThrow("DRAFT_RETENTION_DAYS");
  });

  it("refuses production without an archive signing key of its own: no fallback to APP_KEY", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://db/app",
      APP_KEY: "k".repeat(40),
      HEALTH_TOKEN: "t",
      RESEND_API_KEY: "re_test",
    };
    expect(() => loadConfig(production)).toThrow("ARCHIVE_SIGNING_KEY is required in production and on public hosts");
    expect(() => loadConfig({ ...production, ARCHIVE_SIGNING_KEY: production.APP_KEY })).toThrow(
      "ARCHIVE_SIGNING_KEY must differ from APP_KEY",
    );
    // A public host name is a deployment too.
    expect(() => loadConfig({ ...production, NODE_ENV: "development", SITE_HUB_HOST: "presse.example.com" })).toThrow(
      "ARCHIVE_SIGNING_KEY is required",
    );
    const c = loadConfig({ ...production, ARCHIVE_SIGNING_KEY: "s".repeat(40) });
    expect(c.archive.signingKey).toBe("s".repeat(40));
    // The other keys still fall back to APP_KEY there.
    expect(c.auth.secret).toBe(production.APP_KEY);
  });

  it("gives the embedded default a random APP_KEY on its first start, kept in its data directory", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "pd-app-key-")), "data");
    const first = loadConfig({ EMBEDDED_DATA_DIR: dir });
    const file = join(dir, "app-key");
    expect(readFileSync(file, "utf8").trim()).toBe(first.security.appKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Not the key anyone could derive from the code's public seed, and the same on the next start.
    expect(first.security.appKey).not.toBe(createHash("sha256").update("pressdesk-embedded-development-app-key").digest("base64url"));
    expect(loadConfig({ EMBEDDED_DATA_DIR: dir }).security.appKey).toBe(first.security.appKey);
    // Another installation has other keys, and everything derived from APP_KEY follows it.
    const other = loadConfig({ EMBEDDED_DATA_DIR: mkdtempSync(join(tmpdir(), "pd-app-key-")) });
    expect(other.security.appKey).not.toBe(first.security.appKey);
    for (const pick of [
      (c: typeof first) => c.billing.localWebhookSecret,
      (c: typeof first) => c.auth.secret,
      (c: typeof first) => c.security.ipHmacKey,
      (c: typeof first) => c.security.mailRefHmacKey,
      (c: typeof first) => c.archive.signingKey,
    ]) {
      expect(pick(other)).not.toBe(pick(first));
      expect(pick(first)).not.toContain(first.security.appKey);
    }
    // A configured APP_KEY wins and writes nothing.
    const configured = mkdtempSync(join(tmpdir(), "pd-app-key-"));
    expect(loadConfig({ EMBEDDED_DATA_DIR: configured, APP_KEY: "mine" }).security.appKey).toBe("mine");
    expect(existsSync(join(configured, "app-key"))).toBe(false);
    // A damaged file stops start-up with what to do, never a silent new key.
    writeFileSync(join(configured, "app-key"), "short\n");
    expect(() => loadConfig({ EMBEDDED_DATA_DIR: configured })).toThrow(/app-key does not hold a key; delete it/);
  });

  it("keeps the keys of tests and CI repeatable: a database outside strict mode derives them from a fixed seed", () => {
    const a = loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgresql://db/app" });
    const b = loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgresql://db/other" });
    expect(a.security.appKey).toBe(b.security.appKey);
    expect(a.billing.localWebhookSecret).toBe(b.billing.localWebhookSecret);
    expect(a.sites.refuseUnknownHosts).toBe(true);
  });
});
