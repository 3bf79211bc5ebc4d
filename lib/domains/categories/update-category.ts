import { assertCan } from "@/lib/domains/accounts/permissions";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { invalidatePublicTags, portalTag } from "@/lib/domains/sites/public-tags";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import type { CategoryInput } from "./category-input";

// An editor changes a category's names, descriptions or active flag (/admin/categories/[id]).

const FIELDS = ["nameDe", "nameEn", "descriptionDe", "descriptionEn", "isActive"] as const;
type Field = (typeof FIELDS)[number];

export interface UpdateCategoryOptions {
  adminUserId: number;
  categoryId: number;
  input: CategoryInput;
  /** The version the editor saw (updated_at); a change since then is refused, not overwritten. Required: without it the check would be skipped. */
  expectedUpdatedAt: Date;
}

async function lockCategory(tx: Tx, categoryId: number) {
  if (!isRecordId(categoryId)) throw notFound("Category not found.");
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM categories WHERE id = ${categoryId} FOR UPDATE`;
  if (!rows.length) throw notFound("Category not found.");
  return tx.category.findUniqueOrThrow({ where: { id: categoryId } });
}

/**
 * Authorizes press-releases:publish from the stored user inside the transaction, changes what
 * differs, writes `category.updated` naming the changed fields, and drops what shows them:
 * a description only the portal's lists (category pages and archives carry the portal's tag);
 * a name or the active flag every cached page, since release pages, feeds and llms.txt name
 * the category too. Race: two editors saving at once. The row lock orders them and the second
 * meets the first one's updated_at, so its save is refused instead of silently undoing the first.
 */
export async function updateCategory(opts: UpdateCategoryOptions): Promise<{ changed: Field[] }> {
  const seen = opts.expectedUpdatedAt as unknown;
  if (!(seen instanceof Date) || Number.isNaN(seen.getTime())) {
    throw new AppError("validation_failed", "The version of the category the editor saw is missing.", undefined, [
      { path: "expectedUpdatedAt", message: "Die Seite ist nicht mehr aktuell. Bitte laden Sie sie neu." },
    ]);
  }
  return db.$transaction(async (tx) => {
    await assertCan(opts.adminUserId, ADMIN_SCREENS.categories.permission, tx);
    const category = await lockCategory(tx, opts.categoryId);
    if (category.updatedAt.getTime() !== seen.getTime()) {
      throw new AppError("conflict", "The category was changed by someone else in the meantime.");
    }
    const changed = FIELDS.filter((f) => category[f] !== opts.input[f]);
    if (!changed.length) return { changed };
    await tx.category.update({ where: { id: category.id }, data: Object.fromEntries(changed.map((f) => [f, opts.input[f]])) });
    await recordActivity(
      {
        actorUserId: opts.adminUserId,
        type: ACTIVITY.categoryUpdated,
        subjectType: "category",
        subjectId: category.id,
        metadata: { portal: category.portal, slug: category.slug, changed },
      },
      tx,
    );
    const shownBeyondItsPages = changed.some((f) => f === "nameDe" || f === "nameEn" || f === "isActive");
    if (shownBeyondItsPages) await bumpPublicCacheGeneration(tx);
    else await invalidatePublicTags(tx, [portalTag(category.portal)]);
    return { changed };
  });
}
