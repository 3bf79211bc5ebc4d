import { expect } from "vitest";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { aggregateViews } from "@/lib/domains/analytics/aggregate-views";
import { seedRelease, unique } from "./factories";
import { seedNewsroom } from "./release-fixtures";

// The reach report's world: a newsroom whose release sits in a subcategory, published at a
// chosen moment, and the events, fetches, checks and pings around it at chosen moments.

/** A business-portal newsroom with its owner, and a category under a parent (both feeds carry its releases). */
export async function seedReachNewsroom() {
  const { owner, company } = await seedNewsroom();
  const parent = await db.category.create({
    data: { portal: "business", slug: unique("wirtschaft"), nameDe: "Wirtschaft", nameEn: "Economy" },
  });
  const category = await db.category.create({
    data: { portal: "business", slug: unique("handel"), nameDe: "Handel", nameEn: "Retail", parentId: parent.id },
  });
  return { owner, company, parent, category };
}

/** A release published at `publishedAt` (its first publication too). */
export function seedPublishedRelease(companyId: number, publishedAt: Date, data: Partial<Prisma.PressReleaseUncheckedCreateInput> = {}) {
  return seedRelease({ companyId, status: "published", publishedAt, publishedEverAt: publishedAt, ...data });
}

export type ReachEvent = { type: "view" | "share" | "mail_click"; at: Date; channel?: string | null };

/** Events of a release at the given moments (the log is append-only: written as they would have been). */
export async function seedEvents(pressReleaseId: number, events: ReachEvent[]): Promise<void> {
  await db.pressReleaseEvent.createMany({
    data: events.map((e) => ({ pressReleaseId, type: e.type, channel: e.channel ?? null, createdAt: e.at })),
  });
}

/** `n` events of one kind at one moment. */
export const times = (n: number, event: ReachEvent): ReachEvent[] => Array.from({ length: n }, () => event);

/** Runs the view aggregation until every event is booked. */
export async function bookEvents(opts: { batchSize?: number } = {}): Promise<void> {
  expect(await aggregateViews({ timeBudgetMs: 60_000, ...opts })).toMatchObject({ outcome: "done" });
}

/** An instant `minutes` after `base`. */
export const after = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);
