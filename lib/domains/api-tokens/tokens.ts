import { createHash, randomBytes } from "node:crypto";
import { isProofFresh } from "@/lib/domains/accounts/identity-proof/freshness";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { isAcceptableText, UNACCEPTABLE_TEXT_MESSAGE } from "@/lib/core/input/text";
import { sendSecurityNotice } from "@/lib/domains/mail/notifications/send-security-notice";

// API tokens (spec 5.2): `pd_` + 32 random bytes, stored only as a SHA-256 hash; the plain
// token is shown once. Optional expiry at most five years ahead.

export const TOKEN_PREFIX = "pd_";
export const MAX_TOKEN_YEARS = 5;
const PRUNE_AFTER_DAYS = 30;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function maxExpiry(now: Date): Date {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() + MAX_TOKEN_YEARS);
  return d;
}

/** The account's bookings grant API access; without one every API request answers 403. */
export async function hasApiAccess(userId: number): Promise<boolean> {
  return (await db.userPaymentOption.count({ where: { userId, status: "active", apiAccess: true } })) > 0;
}

/** A new token for the account, after a fresh identity proof; not in an impersonation session (`acting`): support access mints no way in. */
export async function createApiToken(opts: {
  userId: number;
  name: string;
  expiresAt?: Date | null;
  identityConfirmedAt: Date | null;
  acting?: Acting;
  now?: Date;
}) {
  assertNotImpersonating(opts.acting, "security");
  const now = opts.now ?? new Date();
  if (!isProofFresh(opts.identityConfirmedAt, now)) {
    throw new AppError("identity_proof_required", "Confirm your identity again before creating an API token.");
  }
  const name = opts.name.trim();
  const issues = [];
  if (!isAcceptableText(name)) issues.push({ path: "name", message: UNACCEPTABLE_TEXT_MESSAGE });
  else if (!name || name.length > 100) issues.push({ path: "name", message: "Give the token a name of 1 to 100 characters." });
  if (opts.expiresAt && opts.expiresAt <= now) issues.push({ path: "expiresAt", message: "The expiry date must lie in the future." });
  if (opts.expiresAt && opts.expiresAt > maxExpiry(now))
    issues.push({ path: "expiresAt", message: `A token may be valid for at most ${MAX_TOKEN_YEARS} years.` });
  if (issues.length) throw new AppError("validation_failed", "The token cannot be created.", undefined, issues);

  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  // The token and its notice to the account address (spec 5.3) commit together.
  const row = await db.$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: { userId: opts.userId, name, tokenHash: hashToken(token), prefix: token.slice(0, 10), expiresAt: opts.expiresAt ?? null },
    });
    await sendSecurityNotice(tx, { userId: opts.userId, change: "api_token_created", tokenName: name });
    return created;
  });
  return { token, id: row.id, name: row.name, prefix: row.prefix, expiresAt: row.expiresAt };
}

/** The token list: "valid until", and a hint when the account's API access is paused. */
export async function listApiTokens(userId: number, now = new Date()) {
  const [tokens, access] = await Promise.all([
    db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" } }),
    hasApiAccess(userId),
  ]);
  return {
    accessPaused: !access,
    tokens: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      prefix: t.prefix,
      validUntil: t.expiresAt,
      expired: !!t.expiresAt && t.expiresAt <= now,
      lastUsedAt: t.lastUsedAt,
      createdAt: t.createdAt,
    })),
  };
}

/** Revokes one of the account's tokens; not in an impersonation session (`acting`). */
export async function revokeApiToken(userId: number, tokenId: number, opts: { acting?: Acting } = {}): Promise<void> {
  assertNotImpersonating(opts.acting, "security");
  if (!isRecordId(tokenId)) throw notFound("Token not found.");
  const { count } = await db.apiToken.deleteMany({ where: { id: tokenId, userId } });
  if (!count) throw notFound("Token not found.");
}

/** Finds the user behind a presented token; null when unknown or expired. */
export async function findTokenOwner(token: string, now = new Date()) {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { select: { id: true, isActive: true, deletedAt: true, emailVerifiedAt: true } } },
  });
  if (!row || (row.expiresAt && row.expiresAt <= now) || !row.user.isActive || row.user.deletedAt) return null;
  // A token of an account whose address was never confirmed predates that rule: it counts for nothing.
  if (!row.user.emailVerifiedAt) return null;
  // last_used_at at most once a minute: a busy token must not write on every request.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await db.apiToken.updateMany({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  // The rate-limit key: unique across databases and deployments, unlike the row id.
  return { tokenId: row.id, userId: row.userId, limitKey: row.tokenHash.slice(0, 24) };
}

/** tokens:prune-expired: removes tokens 30 days after their expiry. */
export async function pruneExpiredTokens(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - PRUNE_AFTER_DAYS * 86_400_000);
  const { count } = await db.apiToken.deleteMany({ where: { expiresAt: { lt: cutoff } } });
  return count;
}
