import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { invalidatePublicTags, portalTag } from "@/lib/domains/sites/public-tags";
import { db, type DbOrTx } from "@/lib/core/db/client";
import type { Portal } from "@/lib/domains/sites";
import { flattenTrees, listCategoryTrees } from "./category-tree";
import { describeCategoryDe, describeCategoryEn } from "./description-templates";

// categories:seed-descriptions {--dry-run} {--force} (spec 4.7): fills empty German and English
// category descriptions with texts composed from the tree; --force replaces existing ones too.

export interface PlannedDescription {
  categoryId: number;
  portal: Portal;
  slug: string;
  field: "descriptionDe" | "descriptionEn";
  /** What the field holds now (null or blank: empty). */
  current: string | null;
  text: string;
}

const isBlank = (v: string | null) => v === null || v.trim() === "";

/** What a run writes: every empty description (with `force`, every one that differs from its text). */
export async function planCategoryDescriptions(opts: { force?: boolean } = {}, client: DbOrTx = db): Promise<PlannedDescription[]> {
  const nodes = flattenTrees(await listCategoryTrees(client));
  const planned: PlannedDescription[] = [];
  for (const n of nodes) {
    const described = { ...n, children: n.children.filter((c) => c.isActive) };
    const texts = { descriptionDe: describeCategoryDe(described), descriptionEn: describeCategoryEn(described) } as const;
    for (const field of ["descriptionDe", "descriptionEn"] as const) {
      const current = n[field];
      const wanted = isBlank(current) || (opts.force === true && current !== texts[field]);
      if (wanted) planned.push({ categoryId: n.id, portal: n.portal, slug: n.slug, field, current, text: texts[field] });
    }
  }
  return planned;
}

/**
 * Plans and, unless `dryRun`, writes in one transaction: the category rows are locked first, so
 * an editor's save during the run either lands before (and its text counts as not empty) or
 * waits; the plan is made after the lock. The category pages of the touched portals are dropped
 * after the commit, and one activity entry (System) counts what was written.
 */
export async function seedCategoryDescriptions(
  opts: { dryRun?: boolean; force?: boolean } = {},
): Promise<{ planned: PlannedDescription[]; written: number }> {
  if (opts.dryRun) return { planned: await planCategoryDescriptions(opts), written: 0 };
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM categories ORDER BY id FOR UPDATE`;
    const planned = await planCategoryDescriptions(opts, tx);
    for (const p of planned) await tx.category.update({ where: { id: p.categoryId }, data: { [p.field]: p.text } });
    if (planned.length) {
      const portals = [...new Set(planned.map((p) => p.portal))];
      await invalidatePublicTags(tx, portals.map(portalTag));
      await recordActivity(
        {
          actorUserId: null,
          type: ACTIVITY.categoryDescriptionsSeeded,
          subjectType: "category",
          result: opts.force ? "forced" : "filled",
          metadata: { written: planned.length, categories: new Set(planned.map((p) => p.categoryId)).size, portals },
        },
        tx,
      );
    }
    return { planned, written: planned.length };
  });
}
