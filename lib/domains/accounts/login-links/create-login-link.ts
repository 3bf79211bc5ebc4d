import { db, type DbOrTx } from "@/lib/core/db/client";
import type { MagicLinkPurpose, Prisma } from "@/lib/generated/prisma/client";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { hashBinding } from "./browser-session-binding";
import { hashLinkToken, newLinkToken } from "./link-token";
import { LOGIN_LINK_TTL_MINUTES } from "@/lib/core/config/login-link-ttl";

export interface CreateLoginLinkInput {
  email: string;
  /** Null for a link to an address without an account yet. */
  userId?: number | null;
  purpose: MagicLinkPurpose;
  /** Where the link was sent from (mail type, campaign); becomes the stage-2 conversion source. */
  source?: string | null;
  /** Set when the link must be redeemed in the browser session that asked for it (spec 5.9). */
  browserSessionBinding?: string | null;
  payload?: Prisma.InputJsonValue;
  /** Defaults to LOGIN_LINK_TTL_MINUTES[purpose]. */
  ttlMinutes?: number;
  now?: Date;
}

export interface CreatedLoginLink {
  id: number;
  /** The plain token: goes into the mail and nowhere else. */
  token: string;
  url: string;
  expiresAt: Date;
}

/** The hub page that redeems a login link (app/hub/login/link/[token]). */
export const loginLinkUrl = (token: string): string => `${siteOrigin("hub", getSiteHosts())}/login/link/${token}`;

/**
 * Creates one login link (spec 5.10). Only the token's SHA-256 is stored. Pass the caller's
 * transaction so the link and the mail carrying it commit together.
 */
export async function createLoginLink(input: CreateLoginLinkInput, client: DbOrTx = db): Promise<CreatedLoginLink> {
  const now = input.now ?? new Date();
  const ttlMinutes = input.ttlMinutes ?? LOGIN_LINK_TTL_MINUTES[input.purpose];
  if (!(ttlMinutes > 0)) throw new Error("A login link needs a positive lifetime.");
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + ttlMinutes * 60_000);
  const row = await client.magicLink.create({
    data: {
      tokenHash: hashLinkToken(token),
      userId: input.userId ?? null,
      email: input.email.trim().toLowerCase(),
      purpose: input.purpose,
      source: input.source || null,
      browserSessionBinding: hashBinding(input.browserSessionBinding),
      ...(input.payload === undefined ? {} : { payload: input.payload }),
      expiresAt,
    },
    select: { id: true },
  });
  return { id: row.id, token, url: loginLinkUrl(token), expiresAt };
}
