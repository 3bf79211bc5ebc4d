import { afterCommit } from "@/lib/core/db/after-commit";
import { dispatchJob } from "@/lib/core/jobs/dispatch";
import { JOB } from "@/lib/core/jobs/names";
import { publicCaches } from "@/lib/domains/releases/lifecycle/part-of-the-change";
import type { Reaction } from "@/lib/domains/releases/lifecycle/types";
import { topicsOfRelease, topicUrl } from "./topics";

/**
 * WebSub content distribution (docs/portals.md "WebSub"): a release change that drops cached
 * public answers (the public-caches reaction's events, and a withdrawal, which the correction log
 * records) may change the feeds the release is listed in. For each of those feeds that has a
 * subscriber, a notification is written in the reaction's transaction; the distributor job,
 * dispatched after its commit, compares the feed's content with what was last distributed and
 * sends it on a change. A release under embargo changes its feeds at its time: a second
 * notification waits for it.
 */
export const websubDistribution: Reaction = {
  name: "websub-distribution",
  on: [...publicCaches.on, "withdrawn"],
  async handle(tx, event) {
    const release = await tx.pressRelease.findUnique({
      where: { id: event.releaseId },
      select: {
        portal: true,
        language: true,
        publishedAt: true,
        company: { select: { slug: true } },
        category: { select: { slug: true, parent: { select: { slug: true } } } },
      },
    });
    if (!release) return;
    const topics = topicsOfRelease({
      portal: release.portal,
      language: release.language,
      companySlug: release.company.slug,
      categorySlugs: release.category ? [release.category.slug, ...(release.category.parent ? [release.category.parent.slug] : [])] : [],
    }).map((t) => topicUrl(t));
    const now = new Date();
    const subscribed = await tx.websubSubscription.findMany({
      where: { topic: { in: topics }, expiresAt: { gt: now } },
      distinct: ["topic"],
      select: { topic: true },
    });
    if (!subscribed.length) return;
    const due = [now, ...(release.publishedAt && release.publishedAt > now ? [release.publishedAt] : [])];
    await tx.websubNotification.createMany({
      data: subscribed.flatMap(({ topic }) => due.map((dueAt) => ({ topic, dueAt, reason: event.type, eventId: event.id }))),
    });
    await afterCommit(tx, async () => {
      await dispatchJob(JOB.websubDistribute, { event: event.id }, { key: `websub:event:${event.id}` });
      // The local queue can wait for the embargo's end; elsewhere the minute's sweep picks it up.
      if (due[1]) await dispatchJob(JOB.websubDistribute, { event: event.id }, { key: `websub:event:${event.id}:due`, runAt: due[1] });
    });
  },
};
