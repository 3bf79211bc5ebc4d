import { z } from "zod";
import { bool, cidrList, int, intList, keyList, oneOf, optionalDate, optionalStr, optionalUrl, str } from "./parse";

const MIB = 1024 * 1024;
/** The shortest draft retention accepted (variable and --days): a typo must not empty the drafts every night. */
export const MIN_DRAFT_RETENTION_DAYS = 30;

/** Every environment variable the service reads, with the spec's defaults. docs/configuration.md lists them. */
export const envSchema = z.object({
  NODE_ENV: str("development"),
  APP_VERSION: optionalStr(),

  DATABASE_URL: optionalUrl(),
  DATABASE_POOL_SIZE: int(10, { min: 1, max: 200 }),
  DB_LOCK_WAIT_TIMEOUT: int(10, { min: 1, max: 600 }),
  EMBEDDED_DB_PORT: int(54329, { min: 1, max: 65535 }),
  EMBEDDED_DATA_DIR: str(".data"),

  REDIS_URL: optionalUrl(),
  /** Separates installations (and test files) that share one Redis: every key carries it. */
  CACHE_KEY_PREFIX: str(""),

  PUBLIC_PROTOCOL: z.enum(["http", "https"]).optional(),

  MAX_AUTOMATIC_ATTEMPTS: int(3, { min: 1, max: 20 }),
  YELLOW_TO_MANUAL_QUEUE: bool(false),
  CLASSIFIER_URL: optionalUrl(),
  CLASSIFIER_API_KEY: optionalStr(),
  CLASSIFIER_MODEL: optionalStr(),
  AI_JOB_TIMEOUT_S: int(120, { min: 1 }),
  AI_JOB_RETRY_AFTER_S: int(150, { min: 1 }),

  IMAGE_PRECHECK: bool(false),
  IMAGE_PRECHECK_STAGE: int(1, { min: 1, max: 9 }),
  IMAGE_RIGHTS_V2: bool(false),
  IMAGE_MAX_UPLOAD_BYTES: int(16 * MIB, { min: 1 }),
  /** Vision model for the image precheck (OpenAI-compatible chat endpoint); unset: the embedded analyser. */
  IMAGE_PRECHECK_URL: optionalUrl(),
  IMAGE_PRECHECK_API_KEY: optionalStr(),
  IMAGE_PRECHECK_MODEL: optionalStr(),
  IMAGE_PRECHECK_TIMEOUT_S: int(20, { min: 1, max: 120 }),
  /** libvips threads per image operation; 2 fits two cores (bench/image-upload.ts). */
  SHARP_CONCURRENCY: int(2, { min: 1, max: 64 }),
  STORAGE_DIR: optionalStr(),
  /** S3-compatible object storage (S3, R2, MinIO); set S3_BUCKET to use it instead of the disk. */
  S3_BUCKET: optionalStr(),
  S3_REGION: str("auto"),
  S3_ENDPOINT: optionalUrl(),
  S3_ACCESS_KEY_ID: optionalStr(),
  S3_SECRET_ACCESS_KEY: optionalStr(),
  S3_FORCE_PATH_STYLE: bool(false),

  LEGAL_ACCEPTANCE_GATE: bool(false),
  LEGAL_CHANGE_MAX_DISTANCE_PERCENT: int(50, { min: 1, max: 100 }),

  CANONICAL_ASSIGNMENT_ENABLED: bool(true),
  /** press-releases:purge-drafts: drafts never published and untouched this many days are deleted. */
  DRAFT_RETENTION_DAYS: int(365, { min: MIN_DRAFT_RETENTION_DAYS, max: 36500 }),
  SEARCH_INDEX_BLOCK_VISIBLE_TO_CUSTOMERS: bool(false),
  /** Search Console service account (its JSON key, or a path to it); unset: the embedded inspector (lib/adapters/public/seo/index-inspection). */
  SEARCH_CONSOLE_CREDENTIALS: optionalStr(),
  /** Search Console property per portal (`sc-domain:example.com` or a URL prefix); default: the portal's origin with `/`. */
  SEARCH_CONSOLE_SITE_URL_BUSINESS: optionalStr(),
  SEARCH_CONSOLE_SITE_URL_TECH: optionalStr(),
  /** The URL Inspection endpoint; tests point it at a local server. */
  SEARCH_CONSOLE_API_URL: optionalUrl(),
  /** Inspections per portal and day (the API allows 2,000 per property and day). */
  INDEX_CHECK_QUOTA_PER_PORTAL: int(200, { min: 1, max: 2000 }),
  /** IndexNow key (8-128 of a-z, A-Z, 0-9, -); unset: one derived per portal from APP_KEY. */
  INDEXNOW_KEY: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v.trim() === "" || /^[a-zA-Z0-9-]{8,128}$/.test(v.trim()),
      "must be 8-128 characters of a-z, A-Z, 0-9 and -",
    ),
  /** Where pings go: a URL, or `local` (recorded, not sent); default: api.indexnow.org with a database, `local` embedded. */
  INDEXNOW_ENDPOINT: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.trim() === "" || v.trim() === "local" || URL.canParse(v.trim()), "must be a URL or local"),
  FEED_FETCHES_RECORDED_SINCE: optionalDate(),

  ARCHIVE_SIGNING_KEY: optionalStr(),
  ARCHIVE_SIGNING_KEY_ID: str("k1"),
  ARCHIVE_PREVIOUS_KEYS: keyList(),

  NEWSLETTER_SENDING_ENABLED: bool(false),
  /** Newsletter mails per second per send job (keep it within the provider account's request limit). */
  NEWSLETTER_SEND_RATE_PER_SECOND: int(10, { min: 1, max: 10000 }),
  /** Send jobs enqueued per campaign start or resume; they share the recipients by row claims. */
  NEWSLETTER_SEND_JOBS: int(2, { min: 1, max: 64 }),

  AUTH_SECRET: optionalStr(),
  NEXTAUTH_SECRET: optionalStr(),
  AUTH_REQUIRE_STRONG_ADMIN: bool(true),
  AUTH_OIDC_ISSUER: optionalUrl(),
  AUTH_OIDC_CLIENT_ID: optionalStr(),
  AUTH_OIDC_CLIENT_SECRET: optionalStr(),
  PASSWORD_BREACH_CHECK: z.string().optional(),
  PASSWORD_BREACH_RANGE_URL: optionalUrl().transform((v) => v ?? "https://api.pwnedpasswords.com"),
  NEWSROOM_API_ASSIGNMENT_USER_IDS: intList(),

  APP_KEY: optionalStr(),
  TOTP_ENCRYPTION_KEY: optionalStr(),
  IP_HMAC_KEY: optionalStr(),
  IP_HMAC_KEY_VERSION: int(1, { min: 1 }),
  MAIL_REF_HMAC_KEY: optionalStr(),
  HEALTH_TOKEN: optionalStr(),

  MAIL_FROM: str("Pressdesk <noreply@pressdesk.localhost>"),
  MAIL_RETURN_PATH: optionalStr(),
  RESEND_API_KEY: optionalStr(),
  /** Resend's API origin; tests point the real SDK at a local server. */
  RESEND_BASE_URL: optionalUrl(),
  /** Signing secret of the Resend webhook (whsec_...); without it the webhook answers 404. */
  RESEND_WEBHOOK_SECRET: optionalStr(),
  /** Bearer secret for bounces that arrive as mail (an MTA pipes DSNs to /api/mail/inbound); unset: route off. */
  INBOUND_MAIL_SECRET: optionalStr(),
  /** First retry delay of a mail the provider could not take; doubles per attempt (spec 4.6: up to 5 retries). */
  MAIL_RETRY_BASE_SECONDS: int(30, { min: 0, max: 3600 }),
  MAIL_MAX_RETRIES: int(5, { min: 0, max: 20 }),
  /** A claimed mail whose worker died is taken again after this. */
  MAIL_CLAIM_TIMEOUT_S: int(120, { min: 5, max: 3600 }),
  /** Mails one delivery run claims at a time, and how many go to the provider at once. */
  MAIL_BATCH_SIZE: int(50, { min: 1, max: 1000 }),
  MAIL_SEND_CONCURRENCY: int(4, { min: 1, max: 64 }),
  /** Signed soft (and non-5.1 hard) bounces within 30 days that suppress an address; 5.1.x suppresses at once. */
  MAIL_BOUNCE_THRESHOLD: int(3, { min: 1, max: 100 }),
  /** Relay rejections within the window that halt sending, and for how long. */
  MAIL_CIRCUIT_THRESHOLD: int(5, { min: 1, max: 1000 }),
  MAIL_CIRCUIT_WINDOW_MINUTES: int(10, { min: 1, max: 1440 }),
  MAIL_CIRCUIT_OPEN_MINUTES: int(15, { min: 1, max: 1440 }),
  /** DNS checks of e-mail domains (MX, Null MX); default on in production, off on the offline embedded default. */
  EMAIL_DOMAIN_CHECK: z.string().optional(),
  /** Cool-down between two operational alerts of the same kind. */
  ALERT_COOLDOWN_MINUTES: int(30, { min: 1, max: 10080 }),
  MAIL_REF_HEADER: str("X-PD-Ref"),
  BOUNCE_UNSIGNED_KIND: oneOf(["policy", "hard", "soft"] as const, "policy"),
  ALERT_MAIL_TO: optionalStr(),
  ALERT_PUSH_URL: optionalUrl(),

  /** Without it the embedded local checkout (lib/domains/billing/provider/local-provider.ts) takes payments. */
  STRIPE_SECRET_KEY: optionalStr(),
  STRIPE_WEBHOOK_SECRET: optionalStr(),
  /** Where the Stripe SDK sends its requests; tests point it at a local server. */
  STRIPE_API_HOST: optionalStr(),
  STRIPE_API_PORT: int(443, { min: 1, max: 65535 }),
  STRIPE_API_PROTOCOL: oneOf(["https", "http"] as const, "https"),
  /** A Stripe tax rate (19 % German VAT, exclusive) put on every checkout line; see docs/billing.md. */
  STRIPE_TAX_RATE_ID: optionalStr(),
  STRIPE_PRICE_CHANGE: optionalStr(),
  PAID_CHANGE_PRICE_CENTS: int(1000, { min: 0 }),
  /** The issuer named on every manual invoice (German invoices must name it in full). */
  BILLING_ISSUER_NAME: optionalStr(),
  /** Address lines separated by "|": "Musterstraße 1|10115 Berlin|Deutschland". */
  BILLING_ISSUER_ADDRESS: optionalStr(),
  BILLING_ISSUER_VAT_ID: optionalStr(),
  BILLING_ISSUER_TAX_NUMBER: optionalStr(),
  BILLING_ISSUER_EMAIL: optionalStr(),
  BILLING_BANK_NAME: optionalStr(),
  BILLING_BANK_IBAN: optionalStr(),
  BILLING_BANK_BIC: optionalStr(),
  /** Days a manual invoice gives for payment. */
  BILLING_PAYMENT_TERM_DAYS: int(14, { min: 0, max: 120 }),

  INNGEST_EVENT_KEY: optionalStr(),
  INNGEST_SIGNING_KEY: optionalStr(),
  INNGEST_BASE_URL: optionalUrl(),
  JOBS_AUTO_DRAIN: bool(true),

  /** Outgoing webhooks and WebSub may call http(s)://localhost (loopback only). Default: on the embedded default only; refused in strict mode. */
  OUTBOUND_ALLOW_LOCALHOST: z.string().optional(),

  SENTRY_DSN: optionalUrl(),
  SENTRY_ENVIRONMENT: optionalStr(),
  /** Share of requests traced as transactions, in percent; 0: errors and signals only. */
  SENTRY_TRACES_SAMPLE_PERCENT: int(0, { min: 0, max: 100 }),
  /** Signals (419, auth 403/429) per kind and route a process sends a minute; the rest is counted, not sent. */
  SENTRY_SIGNALS_PER_MINUTE: int(10, { min: 1, max: 600 }),
  LOG_LEVEL: oneOf(["debug", "info", "warn", "error"] as const, "info"),

  API_RATE_LIMIT_PER_MINUTE: int(120, { min: 1 }),
  SHARE_RATE_LIMIT_PER_MINUTE: int(30, { min: 1 }),
  LOGIN_FAILURES_PER_IP: int(20, { min: 1 }),
  LOGIN_FAILURE_WINDOW_MINUTES: int(15, { min: 1 }),
  TWO_FACTOR_FAILURES_PER_MINUTE: int(5, { min: 1 }),
  /** Beyond the spec's five a minute the wait grows: an hour's and a day's budget. */
  TWO_FACTOR_FAILURES_PER_HOUR: int(20, { min: 1 }),
  TWO_FACTOR_FAILURES_PER_DAY: int(60, { min: 1 }),
  API_AUTH_FAILURES_PER_IP: int(30, { min: 1 }),

  /** Reverse proxies in front that set X-Forwarded-For; 0: the connection's own address counts. */
  TRUSTED_PROXY_HOPS: int(0, { min: 0, max: 10 }),
  /** Instead of a count: addresses of the proxies (walked from the right, skipped while trusted). */
  TRUSTED_PROXY_RANGES: cidrList(),
  /** A header the platform sets and clients cannot (Vercel: x-vercel-forwarded-for, its default there). */
  CLIENT_ADDRESS_HEADER: optionalStr(),
});

export type Env = z.infer<typeof envSchema>;
