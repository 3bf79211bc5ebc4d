import { db } from "@/lib/core/db/client";
import { whenDatabaseUnavailable } from "@/lib/core/db/unavailable";
import { publicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { portalsOfCompany } from "@/lib/domains/sites/portals";
import type { Portal } from "@/lib/domains/sites";
import { newsroomKey, releaseKey, type PublicSubject } from "@/lib/domains/sites/public-paths";
import { errorSummary } from "@/lib/core/errors/error-summary";

// Tombstones and merged newsroom slugs are few, so every instance keeps them in memory and
// reloads them when the public cache generation moves (every markGone, unmark and merge bumps
// it). The generation is read at most every REFRESH_MS, so all instances agree within that.
const REFRESH_MS = 5_000;
const RETRY_MS = 1_000;

interface TombstoneIndex {
  generation: number;
  checkedAt: number;
  goneReleases: Set<string>;
  goneNewsrooms: Set<string>;
  /** Old newsroom slug → surviving newsroom slug (merges and slug redirects). */
  movedNewsrooms: Map<string, string>;
}

let index: TombstoneIndex | null = null;
let loading: Promise<TombstoneIndex> | null = null;

async function load(generation: number): Promise<TombstoneIndex> {
  const [releases, companies, redirects] = await Promise.all([
    // A deleted newsroom takes its tombstones with it: its pages answer 404, not 410 (a deletion is no public tombstone).
    db.pressRelease.findMany({
      where: { deletedAt: null, company: { deletedAt: null }, OR: [{ goneAt: { not: null } }, { company: { goneAt: { not: null } } }] },
      select: { portal: true, language: true, slug: true },
    }),
    db.company.findMany({
      where: { deletedAt: null, OR: [{ goneAt: { not: null } }, { mergedIntoCompanyId: { not: null } }] },
      select: { portal: true, slug: true, goneAt: true, mergedInto: { select: { slug: true, deletedAt: true } } },
    }),
    db.companySlugRedirect.findMany({
      where: { company: { deletedAt: null } },
      select: { portal: true, slug: true, company: { select: { slug: true } } },
    }),
  ]);
  const next: TombstoneIndex = {
    generation,
    checkedAt: Date.now(),
    goneReleases: new Set(),
    goneNewsrooms: new Set(),
    movedNewsrooms: new Map(),
  };
  for (const r of releases) next.goneReleases.add(releaseKey(r.portal, r.language, r.slug));
  for (const c of companies) {
    for (const p of portalsOfCompany(c.portal)) {
      if (c.mergedInto && !c.mergedInto.deletedAt) next.movedNewsrooms.set(newsroomKey(p, c.slug), c.mergedInto.slug);
      else if (c.goneAt) next.goneNewsrooms.add(newsroomKey(p, c.slug));
    }
  }
  for (const r of redirects) for (const p of portalsOfCompany(r.portal)) next.movedNewsrooms.set(newsroomKey(p, r.slug), r.company.slug);
  return next;
}

async function current(): Promise<TombstoneIndex> {
  if (index && Date.now() - index.checkedAt < REFRESH_MS) return index;
  loading ??= (async () => {
    try {
      const generation = await publicCacheGeneration(db);
      index = index && index.generation === generation ? { ...index, checkedAt: Date.now() } : await load(generation);
      return index;
    } catch (err) {
      // The database is away: tombstones change only through it, so the last index still holds.
      // It is asked again a second later; without any index the request fails as it would have.
      const outage = whenDatabaseUnavailable(err);
      if (!index) throw err;
      if (!outage) console.warn("tombstones: not reloaded, answering from the last index:", errorSummary(err));
      index = { ...index, checkedAt: Date.now() - REFRESH_MS + RETRY_MS };
      return index;
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Forget the index (tests, and after a change in this process that must show at once). */
export function resetTombstoneIndex(): void {
  index = null;
}

export type PublicDecision = { status: 410 } | { status: 301; slug: string } | null;

/** 410 for a tombstoned release or newsroom, 301 for a merged newsroom's old slug, else null. */
export async function publicDecision(portal: Portal, subject: PublicSubject): Promise<PublicDecision> {
  const idx = await current();
  if (subject.kind === "release") return idx.goneReleases.has(releaseKey(portal, subject.edition, subject.slug)) ? { status: 410 } : null;
  const moved = idx.movedNewsrooms.get(newsroomKey(portal, subject.slug));
  if (moved) return { status: 301, slug: moved };
  return idx.goneNewsrooms.has(newsroomKey(portal, subject.slug)) ? { status: 410 } : null;
}
