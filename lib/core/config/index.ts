import { createHash } from "node:crypto";
import { join } from "node:path";
import { resolveAppVersion } from "./app-version";
import { embeddedAppKey } from "./embedded-app-key";
import { envSchema, type Env } from "./schema";
import { isLocalHost, isStrictEnv, readSiteHosts } from "./sites-env";

export class ConfigError extends Error {
  override name = "ConfigError";
}

export type RuntimeMode = "embedded" | "production";

/**
 * Secrets that production refuses to start without; the embedded default derives local ones.
 * Without a mail provider, mail would stay in the local mailbox, whose page shows every login
 * link to anyone: production has none.
 */
const REQUIRED_SECRETS = ["APP_KEY", "HEALTH_TOKEN", "RESEND_API_KEY"] as const;

interface SecretSource {
  /** Strict mode (production, public hosts): nothing is derived there. */
  strict: boolean;
  appKey: string;
  /** Outside strict mode a missing key is derived from APP_KEY for this purpose ("auth", "ip-hmac", ...). */
  purpose: string;
  /** In strict mode a missing key is APP_KEY itself ("app_key") or refuses to start ("required"). */
  whenMissingInStrictMode: "app_key" | "required";
}

/**
 * A key from the environment. Production (NODE_ENV=production on a real database) and any
 * deployment on public host names must have every secret set: a key derived from a public seed
 * or the documented health token would open it to anyone who reads the code. There a missing key
 * is APP_KEY or refuses to start, as the key's source says. On a local machine a missing key is
 * derived from APP_KEY, which the embedded default makes at random on its first start
 * (lib/core/config/embedded-app-key.ts).
 */
function secret(env: Env, name: keyof Env, source: SecretSource): string {
  const value = env[name];
  if (typeof value === "string" && value) return value;
  if (source.strict) {
    if (source.whenMissingInStrictMode === "app_key") return source.appKey;
    throw new ConfigError(`Invalid configuration: ${String(name)} is required in production and on public hosts`);
  }
  return createHash("sha256").update(`${source.appKey}:${source.purpose}`).digest("base64url");
}

/**
 * APP_KEY: as configured; strict mode has refused to start without it. The embedded default keeps
 * a random one in its data directory. A database outside strict mode (tests, CI, a developer's
 * PostgreSQL on localhost names) derives one from a fixed seed, so its runs are repeatable.
 */
function appKeyOf(env: Env, mode: RuntimeMode): string {
  if (env.APP_KEY) return env.APP_KEY;
  if (mode === "embedded") return embeddedAppKey(env.EMBEDDED_DATA_DIR, (message) => new ConfigError(message));
  return createHash("sha256").update("pressdesk-embedded-development-app-key").digest("base64url");
}

function build(env: Env, raw: Record<string, string | undefined>) {
  const mode: RuntimeMode = env.DATABASE_URL ? "production" : "embedded";
  const sites = readSiteHosts(raw);
  const publicHosts = [sites.hub, sites.business, sites.tech].filter((h) => !isLocalHost(h));
  // The embedded default has local secrets and demo accounts with a documented password.
  if (mode === "embedded" && publicHosts.length) {
    throw new ConfigError(
      `Invalid configuration: the embedded default serves localhost names only (got ${publicHosts.join(", ")}); a public deployment needs DATABASE_URL and its secrets (docs/security.md)`,
    );
  }
  // Several instances (Vercel runs many) must share throttles, challenges and locks.
  if (raw.VERCEL === "1" && !env.REDIS_URL)
    throw new ConfigError(
      "Invalid configuration: REDIS_URL is required on Vercel (throttles, sign-in challenges and locks must be shared by every instance)",
    );
  // Every instance must see the files another one stored (design.md: one storage port).
  if (raw.VERCEL === "1" && !env.S3_BUCKET)
    throw new ConfigError(
      "Invalid configuration: S3_BUCKET is required on Vercel (images and evidence must be shared by every instance; docs/configuration.md)",
    );
  // One definition with the middleware's (lib/core/config/sites-env.ts), which reads the raw environment.
  const strict = isStrictEnv(raw);
  if (strict) {
    const missing = REQUIRED_SECRETS.filter((k) => !env[k]);
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration: ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} required in production and on public hosts`,
      );
    // Evidence signatures must outlive a leak of APP_KEY: a key of its own, never a fallback.
    if (!env.ARCHIVE_SIGNING_KEY)
      throw new ConfigError(
        "Invalid configuration: ARCHIVE_SIGNING_KEY is required in production and on public hosts (its own secret, not APP_KEY: archive entries and evidence exports are signed with it; docs/configuration.md)",
      );
    if (env.ARCHIVE_SIGNING_KEY === env.APP_KEY)
      throw new ConfigError(
        "Invalid configuration: ARCHIVE_SIGNING_KEY must differ from APP_KEY (a leaked APP_KEY must not forge evidence signatures; docs/configuration.md)",
      );
  }
  // retry_after is when a claimed AI job counts as dead; it must outlast the job's own timeout,
  // or a check still running would be started a second time.
  if (env.AI_JOB_RETRY_AFTER_S <= env.AI_JOB_TIMEOUT_S) {
    throw new ConfigError(
      `Invalid configuration: AI_JOB_RETRY_AFTER_S (${env.AI_JOB_RETRY_AFTER_S}) must be greater than AI_JOB_TIMEOUT_S (${env.AI_JOB_TIMEOUT_S})`,
    );
  }
  // Without the signing secret no Stripe event could be verified, so every payment would be lost.
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError("Invalid configuration: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (docs/billing.md)");
  const allowLocalhost = parseSwitch("OUTBOUND_ALLOW_LOCALHOST", env.OUTBOUND_ALLOW_LOCALHOST, mode === "embedded");
  // A public deployment that calls its own loopback for a customer would be an SSRF door.
  if (strict && allowLocalhost)
    throw new ConfigError("Invalid configuration: OUTBOUND_ALLOW_LOCALHOST is not allowed in production (docs/webhooks.md)");
  const appKey = appKeyOf(env, mode);
  const appVersion = resolveAppVersion(env.APP_VERSION);
  return {
    app: { env: env.NODE_ENV, mode, version: appVersion.version, versionSource: appVersion.source, logLevel: env.LOG_LEVEL },
    database: {
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      lockWaitTimeoutMs: env.DB_LOCK_WAIT_TIMEOUT * 1000,
      embeddedPort: env.EMBEDDED_DB_PORT,
      embeddedDataDir: env.EMBEDDED_DATA_DIR,
    },
    redis: { url: env.REDIS_URL, keyPrefix: env.CACHE_KEY_PREFIX },
    sites,
    review: {
      maxAutomaticAttempts: env.MAX_AUTOMATIC_ATTEMPTS,
      yellowToManualQueue: env.YELLOW_TO_MANUAL_QUEUE,
      classifierUrl: env.CLASSIFIER_URL,
      classifierApiKey: env.CLASSIFIER_API_KEY,
      classifierModel: env.CLASSIFIER_MODEL,
      aiJobTimeoutSeconds: env.AI_JOB_TIMEOUT_S,
      aiJobRetryAfterSeconds: env.AI_JOB_RETRY_AFTER_S,
    },
    images: {
      precheck: env.IMAGE_PRECHECK,
      precheckStage: env.IMAGE_PRECHECK_STAGE,
      rightsV2: env.IMAGE_RIGHTS_V2,
      maxUploadBytes: env.IMAGE_MAX_UPLOAD_BYTES,
      precheckUrl: env.IMAGE_PRECHECK_URL,
      precheckApiKey: env.IMAGE_PRECHECK_API_KEY,
      precheckModel: env.IMAGE_PRECHECK_MODEL,
      precheckTimeoutSeconds: env.IMAGE_PRECHECK_TIMEOUT_S,
      sharpConcurrency: env.SHARP_CONCURRENCY,
      storageDir: env.STORAGE_DIR ?? join(env.EMBEDDED_DATA_DIR, "storage"),
    },
    storage: env.S3_BUCKET
      ? {
          kind: "s3" as const,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { kind: "disk" as const },
    legal: { acceptanceGate: env.LEGAL_ACCEPTANCE_GATE, changeMaxDistancePercent: env.LEGAL_CHANGE_MAX_DISTANCE_PERCENT },
    releases: {
      canonicalAssignmentEnabled: env.CANONICAL_ASSIGNMENT_ENABLED,
      draftRetentionDays: env.DRAFT_RETENTION_DAYS,
      searchIndexBlockVisibleToCustomers: env.SEARCH_INDEX_BLOCK_VISIBLE_TO_CUSTOMERS,
    },
    seo: {
      searchConsole: searchConsoleConfig(env, sites),
      // Production without Search Console refuses the index check: the embedded inspector's estimate is no answer of a search engine.
      requireSearchConsole: strict,
      indexCheckQuotaPerPortal: env.INDEX_CHECK_QUOTA_PER_PORTAL,
      indexNow: {
        key: env.INDEXNOW_KEY?.trim() || undefined,
        // The key file's content is public; deriving it from APP_KEY keeps it stable without revealing APP_KEY.
        keySeed: createHash("sha256").update(`${appKey}:indexnow`).digest("hex"),
        endpoint: indexNowEndpoint(env.INDEXNOW_ENDPOINT, mode, sites),
      },
    },
    feeds: { fetchesRecordedSince: env.FEED_FETCHES_RECORDED_SINCE },
    webhooks: { allowLocalhost },
    archive: {
      signingKey: secret(env, "ARCHIVE_SIGNING_KEY", { strict, appKey, purpose: "archive", whenMissingInStrictMode: "required" }),
      signingKeyId: env.ARCHIVE_SIGNING_KEY_ID,
      previousKeys: env.ARCHIVE_PREVIOUS_KEYS,
    },
    newsletter: {
      sendingEnabled: env.NEWSLETTER_SENDING_ENABLED,
      sendRatePerSecond: env.NEWSLETTER_SEND_RATE_PER_SECOND,
      sendJobs: env.NEWSLETTER_SEND_JOBS,
    },
    auth: {
      secret:
        env.AUTH_SECRET ??
        env.NEXTAUTH_SECRET ??
        secret(env, "AUTH_SECRET", { strict, appKey, purpose: "auth", whenMissingInStrictMode: "app_key" }),
      requireStrongAdmin: env.AUTH_REQUIRE_STRONG_ADMIN,
      oidc:
        env.AUTH_OIDC_ISSUER && env.AUTH_OIDC_CLIENT_ID && env.AUTH_OIDC_CLIENT_SECRET
          ? { issuer: env.AUTH_OIDC_ISSUER, clientId: env.AUTH_OIDC_CLIENT_ID, clientSecret: env.AUTH_OIDC_CLIENT_SECRET }
          : undefined,
      passwordBreachCheck: parseSwitch("PASSWORD_BREACH_CHECK", env.PASSWORD_BREACH_CHECK, mode === "production"),
      // Base of the k-anonymity range API used when passwordBreachCheck is on.
      passwordBreachRangeUrl: env.PASSWORD_BREACH_RANGE_URL,
      newsroomApiAssignmentUserIds: env.NEWSROOM_API_ASSIGNMENT_USER_IDS,
    },
    security: {
      appKey,
      ipHmacKey: secret(env, "IP_HMAC_KEY", { strict, appKey, purpose: "ip-hmac", whenMissingInStrictMode: "app_key" }),
      ipHmacKeyVersion: env.IP_HMAC_KEY_VERSION,
      clientAddress: {
        proxyHops: env.TRUSTED_PROXY_HOPS,
        proxyRanges: env.TRUSTED_PROXY_RANGES,
        // Vercel overwrites this header at its edge; elsewhere only an operator names one.
        platformHeader: env.CLIENT_ADDRESS_HEADER?.toLowerCase() ?? (raw.VERCEL === "1" ? "x-vercel-forwarded-for" : undefined),
      },
      mailRefHmacKey: secret(env, "MAIL_REF_HMAC_KEY", { strict, appKey, purpose: "mail-ref", whenMissingInStrictMode: "app_key" }),
      // Key material for TOTP secrets and recovery-code hashes; defaults to APP_KEY, from which
      // lib/domains/accounts/two-factor derives its own keys with HKDF and a purpose label.
      totpEncryptionKey: env.TOTP_ENCRYPTION_KEY ?? appKey,
      // A fixed, documented token so a newcomer can call /health on the embedded default.
      healthToken: env.HEALTH_TOKEN ?? "dev-health-token",
    },
    mail: {
      from: env.MAIL_FROM,
      returnPath: env.MAIL_RETURN_PATH,
      resendApiKey: env.RESEND_API_KEY,
      resendBaseUrl: env.RESEND_BASE_URL,
      resendWebhookSecret: env.RESEND_WEBHOOK_SECRET,
      inboundMailSecret: env.INBOUND_MAIL_SECRET,
      retryBaseSeconds: env.MAIL_RETRY_BASE_SECONDS,
      maxRetries: env.MAIL_MAX_RETRIES,
      claimTimeoutSeconds: env.MAIL_CLAIM_TIMEOUT_S,
      batchSize: env.MAIL_BATCH_SIZE,
      sendConcurrency: env.MAIL_SEND_CONCURRENCY,
      bounceThreshold: env.MAIL_BOUNCE_THRESHOLD,
      circuit: {
        threshold: env.MAIL_CIRCUIT_THRESHOLD,
        windowMinutes: env.MAIL_CIRCUIT_WINDOW_MINUTES,
        openMinutes: env.MAIL_CIRCUIT_OPEN_MINUTES,
      },
      domainCheck: parseSwitch("EMAIL_DOMAIN_CHECK", env.EMAIL_DOMAIN_CHECK, mode === "production"),
      alertCooldownMinutes: env.ALERT_COOLDOWN_MINUTES,
      refHeader: env.MAIL_REF_HEADER,
      bounceUnsignedKind: env.BOUNCE_UNSIGNED_KIND,
      alertMailTo: env.ALERT_MAIL_TO,
      alertPushUrl: env.ALERT_PUSH_URL,
    },
    billing: {
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeApi: env.STRIPE_API_HOST
        ? { host: env.STRIPE_API_HOST, port: env.STRIPE_API_PORT, protocol: env.STRIPE_API_PROTOCOL }
        : undefined,
      stripeTaxRateId: env.STRIPE_TAX_RATE_ID,
      stripePriceChange: env.STRIPE_PRICE_CHANGE,
      // The local checkout signs its webhook events with this, exactly as Stripe signs with STRIPE_WEBHOOK_SECRET.
      localWebhookSecret: `whsec_${createHash("sha256").update(`${appKey}:local-checkout-webhook`).digest("base64url")}`,
      // A public deployment without Stripe keys takes no payments: the local checkout would give plans away.
      localCheckout: !env.STRIPE_SECRET_KEY && !strict,
      paidChangePriceCents: env.PAID_CHANGE_PRICE_CENTS,
      strictIssuer: strict,
      paymentTermDays: env.BILLING_PAYMENT_TERM_DAYS,
      issuer: {
        name: env.BILLING_ISSUER_NAME,
        addressLines:
          env.BILLING_ISSUER_ADDRESS?.split("|")
            .map((l) => l.trim())
            .filter(Boolean) ?? [],
        vatId: env.BILLING_ISSUER_VAT_ID,
        taxNumber: env.BILLING_ISSUER_TAX_NUMBER,
        email: env.BILLING_ISSUER_EMAIL,
        bank: env.BILLING_BANK_IBAN ? { name: env.BILLING_BANK_NAME, iban: env.BILLING_BANK_IBAN, bic: env.BILLING_BANK_BIC } : undefined,
      },
    },
    jobs: {
      inngestEventKey: env.INNGEST_EVENT_KEY,
      inngestSigningKey: env.INNGEST_SIGNING_KEY,
      inngestBaseUrl: env.INNGEST_BASE_URL,
      autoDrain: env.JOBS_AUTO_DRAIN,
    },
    observability: {
      sentryDsn: env.SENTRY_DSN,
      sentryEnvironment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
      sentryTracesSampleRate: env.SENTRY_TRACES_SAMPLE_PERCENT / 100,
      sentrySignalsPerMinute: env.SENTRY_SIGNALS_PER_MINUTE,
    },
    limits: {
      apiPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
      sharePerMinute: env.SHARE_RATE_LIMIT_PER_MINUTE,
      loginFailuresPerIp: env.LOGIN_FAILURES_PER_IP,
      loginFailureWindowMinutes: env.LOGIN_FAILURE_WINDOW_MINUTES,
      twoFactorFailuresPerMinute: env.TWO_FACTOR_FAILURES_PER_MINUTE,
      twoFactorFailuresPerHour: env.TWO_FACTOR_FAILURES_PER_HOUR,
      twoFactorFailuresPerDay: env.TWO_FACTOR_FAILURES_PER_DAY,
      apiAuthFailuresPerIp: env.API_AUTH_FAILURES_PER_IP,
    },
  };
}

const SEARCH_CONSOLE_INSPECT_URL = "https://searchconsole.googleapis.com/v1/urlInspection/index:inspect";
const INDEXNOW_DEFAULT_ENDPOINT = "https://api.indexnow.org/indexnow";

/** Credentials turn the Search Console inspector on; a property or endpoint without them is refused, not ignored. */
function searchConsoleConfig(env: Env, sites: ReturnType<typeof readSiteHosts>) {
  const named = [env.SEARCH_CONSOLE_SITE_URL_BUSINESS, env.SEARCH_CONSOLE_SITE_URL_TECH, env.SEARCH_CONSOLE_API_URL].some(Boolean);
  if (!env.SEARCH_CONSOLE_CREDENTIALS) {
    if (named)
      throw new ConfigError(
        "Invalid configuration: SEARCH_CONSOLE_CREDENTIALS is required with SEARCH_CONSOLE_SITE_URL_* or SEARCH_CONSOLE_API_URL (docs/configuration.md)",
      );
    return undefined;
  }
  return {
    credentials: env.SEARCH_CONSOLE_CREDENTIALS,
    apiUrl: env.SEARCH_CONSOLE_API_URL ?? SEARCH_CONSOLE_INSPECT_URL,
    siteUrls: {
      business: env.SEARCH_CONSOLE_SITE_URL_BUSINESS ?? `${sites.protocol}://${sites.business}/`,
      tech: env.SEARCH_CONSOLE_SITE_URL_TECH ?? `${sites.protocol}://${sites.tech}/`,
    },
  };
}

/** Special-use names (RFC 6761, 6762, 8375 and the usual private ones): no search engine crawls them. */
const PRIVATE_SUFFIXES = [
  "localhost",
  "local",
  "test",
  "example",
  "invalid",
  "internal",
  "intranet",
  "lan",
  "home",
  "corp",
  "home.arpa",
  "example.com",
  "example.net",
  "example.org",
];

/** A name a search engine can reach: a domain with a public-looking suffix, not an address literal. */
function isPublicDomain(host: string): boolean {
  const name = host.replace(/:\d+$/, "").replace(/\.$/, "").toLowerCase();
  if (isLocalHost(name) || !name.includes(".") || name.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return false;
  return !PRIVATE_SUFFIXES.some((s) => name === s || name.endsWith(`.${s}`));
}

/**
 * `local` records pings without sending them. The public IndexNow API is the default only for a
 * production database serving both portals under public domains: a local Postgres, CI or a
 * staging copy on private names would otherwise announce its addresses to the search engines.
 * Anywhere else it is opt-in by naming the endpoint.
 */
function indexNowEndpoint(value: string | undefined, mode: RuntimeMode, sites: ReturnType<typeof readSiteHosts>): string | "local" {
  const v = value?.trim();
  if (v) return v;
  return mode === "production" && isPublicDomain(sites.business) && isPublicDomain(sites.tech) ? INDEXNOW_DEFAULT_ENDPOINT : "local";
}

/** A boolean switch whose default depends on the runtime mode. */
function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === "") return fallback;
  const v = value.trim().toLowerCase();
  if (["1", "true", "on", "yes"].includes(v)) return true;
  if (["0", "false", "off", "no"].includes(v)) return false;
  throw new ConfigError(`Invalid configuration: ${name} must be a boolean (got "${value}")`);
}

export type Config = Readonly<ReturnType<typeof build>>;

/** Parses an environment; throws ConfigError with one line naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${reasons.join("; ")}`);
  }
  return Object.freeze(build(parsed.data, env));
}

let cached: Config | undefined;

/** The process configuration, parsed on first use. */
export function getConfig(): Config {
  cached ??= loadConfig(process.env);
  return cached;
}

/** Tests change process.env and need the next getConfig() to see it. */
export function resetConfigForTests(): void {
  cached = undefined;
}
