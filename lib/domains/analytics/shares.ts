import { z } from "zod";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { archiveVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { getSiteHosts, releaseUrl, type Portal } from "@/lib/domains/sites";

/** The four channels of spec 4.1: a professional network, a microblog, e-mail, copy-link. */
export const SHARE_CHANNELS = ["linkedin", "x", "email", "copy_link"] as const;
export const ShareInput = z.object({ channel: z.enum(SHARE_CHANNELS), language: z.enum(["de", "en"]).optional() });

function targetOf(channel: (typeof SHARE_CHANNELS)[number], url: string, title: string): string {
  const u = encodeURIComponent(url);
  switch (channel) {
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case "x":
      return `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}`;
    case "email":
      return `mailto:?subject=${encodeURIComponent(title)}&body=${u}`;
    case "copy_link":
      return url;
  }
}

/**
 * Logs a `share` event for an archive-visible release of the calling portal and answers where
 * to send the reader. A slug used in both editions needs `language`.
 */
export async function shareRelease(portal: Portal, slug: string, input: z.infer<typeof ShareInput>) {
  const matches = await db.pressRelease.findMany({
    where: { ...archiveVisibleReleaseWhere(), portal, slug, ...(input.language ? { language: input.language } : {}) },
    select: { id: true, portal: true, language: true, slug: true, title: true },
    take: 2,
  });
  if (!matches.length) throw notFound("No shareable release under this address.");
  if (matches.length > 1)
    throw new AppError("validation_failed", "Both editions use this address; name the language.", undefined, [
      { path: "language", message: "Required: de or en." },
    ]);
  const r = matches[0]!;
  await db.pressReleaseEvent.create({ data: { pressReleaseId: r.id, type: "share", channel: input.channel } });
  const url = releaseUrl(r, getSiteHosts());
  return { shared: true, channel: input.channel, url, target: targetOf(input.channel, url, r.title) };
}
