import type { Config } from "@/lib/core/config";

// The secrets this service is configured with, for the privacy filter to mask word for word
// (scrub-text.ts): a secret that looks like ordinary text (a short path segment of a push URL,
// a password) escapes every pattern, but never its own exact value.

/** Shorter values would mask ordinary words (a password "postgres"); URL credentials are masked by pattern anyway. */
export const MIN_SECRET_CHARS = 12;

/** The parts of a URL that are secret: its password and its path with query (a Slack-style hook carries its key there). */
function urlSecrets(value: string | undefined, withPath: boolean): string[] {
  if (!value) return [];
  try {
    const url = new URL(value);
    const password = url.password ? [decodeURIComponent(url.password), url.password] : [];
    const path = withPath && url.pathname.length > 1 ? [`${url.pathname.slice(1)}${url.search}`, url.pathname.slice(1)] : [];
    return [...password, ...path];
  } catch {
    return [value];
  }
}

/** A service account given as JSON (a file path names no secret): each line of its private key's body. */
function serviceAccountSecrets(credentials: string | undefined): string[] {
  if (!credentials?.trim().startsWith("{")) return [];
  try {
    const parsed = JSON.parse(credentials) as { private_key?: unknown; private_key_id?: unknown };
    const key = typeof parsed.private_key === "string" ? parsed.private_key.split(/\s+|\\n/).filter((l) => !l.includes("-----")) : [];
    return [...key, ...(typeof parsed.private_key_id === "string" ? [parsed.private_key_id] : [])];
  } catch {
    return [];
  }
}

/** Every configured secret value worth masking, longest first (a value containing another goes whole). */
export function configuredSecrets(config: Config): string[] {
  const { security, mail, billing, auth, archive, review, images, storage, seo, jobs, database, redis, observability } = config;
  const values = [
    security.appKey,
    security.ipHmacKey,
    security.mailRefHmacKey,
    security.totpEncryptionKey,
    security.healthToken,
    auth.secret,
    auth.oidc?.clientSecret,
    archive.signingKey,
    ...archive.previousKeys.map((k) => k.key),
    mail.resendApiKey,
    mail.resendWebhookSecret,
    mail.inboundMailSecret,
    ...urlSecrets(mail.alertPushUrl, true),
    billing.stripeSecretKey,
    billing.stripeWebhookSecret,
    billing.localWebhookSecret,
    review.classifierApiKey,
    images.precheckApiKey,
    storage.kind === "s3" ? storage.credentials?.secretAccessKey : undefined,
    storage.kind === "s3" ? storage.credentials?.accessKeyId : undefined,
    ...serviceAccountSecrets(seo.searchConsole?.credentials),
    seo.indexNow.key,
    jobs.inngestEventKey,
    jobs.inngestSigningKey,
    ...urlSecrets(database.url, false),
    ...urlSecrets(redis.url, false),
    ...urlSecrets(observability.sentryDsn, false),
  ];
  const unique = new Set(values.filter((v): v is string => typeof v === "string" && v.length >= MIN_SECRET_CHARS));
  return [...unique].sort((a, b) => b.length - a.length);
}
