import type { DbOrTx } from "@/lib/core/db/client";
import type { ReleaseSource } from "@/lib/generated/prisma/client";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { recipientLanguage } from "../recipient-language";
import type { MailLanguage } from "../templates/layout";

const RELEASE_SELECT = {
  id: true,
  title: true,
  portal: true,
  language: true,
  slug: true,
  source: true,
  canonical: { select: { id: true, portal: true, language: true, slug: true } },
  author: { select: { email: true, locale: true, isActive: true, deletedAt: true } },
} as const;

export interface ReleaseForAuthorMail {
  release: { id: number; title: string; source: ReleaseSource; publicUrl: string; canonical: { id: number; url: string } | null };
  to: string;
  language: MailLanguage;
}

/**
 * A release and the author its notifications go to, in the author's language. Null when
 * nobody can receive them: no author (removed accounts leave it empty), or an account that
 * is closed or deactivated.
 */
export async function releaseForAuthorMail(client: DbOrTx, releaseId: number): Promise<ReleaseForAuthorMail | null> {
  const row = await client.pressRelease.findUnique({ where: { id: releaseId }, select: RELEASE_SELECT });
  const author = row?.author;
  if (!row || !author || !author.isActive || author.deletedAt) return null;
  const hosts = getSiteHosts();
  return {
    release: {
      id: row.id,
      title: row.title,
      source: row.source,
      publicUrl: releaseUrl(row, hosts),
      canonical: row.canonical ? { id: row.canonical.id, url: releaseUrl(row.canonical, hosts) } : null,
    },
    to: author.email,
    language: recipientLanguage({ userLocale: author.locale, releaseLanguage: row.language }),
  };
}
