import { randomUUID } from "node:crypto";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { normalizeCompanyEmail } from "@/lib/domains/companies/email-groups/classify-email";
import { isSlugFree, lockNewsroomSlugs } from "@/lib/domains/companies/profile/newsroom-slug";
import type { Tx } from "@/lib/core/db/client";
import type { Company, CompanyPortal } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { lockCompanies } from "./lock-companies";
import { moveCompanyRows, type RowCounts } from "./move-company-rows";
import { MoveLog } from "./moves";
import { rollbackAfter } from "./dry-run";

// companies:merge (spec 2.2, 4.7): two records of one firm with the same company e-mail become
// one newsroom, reversibly. In one transaction, under row locks on both companies: every row of
// the merged company moves to the survivor, empty profile fields of the survivor are filled
// from it, credits are summed (with a ledger row each side), the survivor's portal becomes
// `both` when the two differ, and the merged company is marked merged and inactive, so its old
// newsroom address answers 301 to the survivor (lib/adapters/public/tombstone-index.ts, lib/adapters/public/feeds).

/** Profile fields of the survivor that the merged company fills when they are empty. */
const FILL_INS = [
  ["descriptionDe", "description"],
  ["descriptionEn", "description_en"],
  ["website", "website"],
  ["addressStreet", "address_street"],
  ["addressPostalCode", "address_postal_code"],
  ["addressCity", "address_city"],
  ["addressCountry", "address_country"],
  ["logoPath", "logo_path"],
  ["email", "email"],
] as const satisfies readonly (readonly [keyof Company, string])[];

export type MergeRefusal =
  "same_company" | "deleted" | "gone" | "already_merged" | "has_merged_companies" | "different_email" | "slug_collision";

export type MergeOutcome =
  | { kind: "refused"; reason: MergeRefusal; message: string }
  | {
      kind: "merged";
      dryRun: boolean;
      mergeId: string;
      survivorId: number;
      mergedId: number;
      rows: RowCounts;
      fillIns: { field: string; value: string }[];
      portal: { from: CompanyPortal; to: CompanyPortal } | null;
      creditsMoved: number;
      moves: number;
    };

export interface MergeOptions {
  survivorId: number;
  mergedId: number;
  dryRun?: boolean;
  /** Merge even though the normalized company e-mails differ. */
  forceDifferentEmail?: boolean;
  actorUserId?: number | null;
  now?: Date;
}

const isEmpty = (v: string | null) => v === null || v.trim() === "";
const refused = (reason: MergeRefusal, message: string): MergeOutcome => ({ kind: "refused", reason, message });

function refusalOf(survivor: Company, merged: Company, force: boolean): MergeOutcome | null {
  if (survivor.id === merged.id) return refused("same_company", "A company cannot be merged into itself.");
  for (const c of [survivor, merged]) {
    if (c.deletedAt) return refused("deleted", `Company ${c.id} is deleted.`);
    if (c.mergedIntoCompanyId) return refused("already_merged", `Company ${c.id} is already merged into company ${c.mergedIntoCompanyId}.`);
    if (c.goneAt) return refused("gone", `Company ${c.id} is removed (tombstoned); unmark it first.`);
  }
  const a = normalizeCompanyEmail(survivor.email);
  const b = normalizeCompanyEmail(merged.email);
  if (!force && (a === null || a !== b))
    return refused(
      "different_email",
      `The company e-mails differ (${a ?? "none"} / ${b ?? "none"}); pass --force-different-email to merge anyway.`,
    );
  return null;
}

const targetPortal = (a: CompanyPortal, b: CompanyPortal): CompanyPortal => (a === b ? a : "both");

async function mergeLocked(tx: Tx, opts: MergeOptions, now: Date): Promise<MergeOutcome> {
  // The slug lock first, then the rows, in the order every slug-setting path uses.
  await lockNewsroomSlugs(tx);
  const companies = await lockCompanies(tx, [opts.survivorId, opts.mergedId]);
  const survivor = companies.get(opts.survivorId);
  const merged = companies.get(opts.mergedId);
  if (!survivor || !merged) throw notFound(`There is no company ${!survivor ? opts.survivorId : opts.mergedId}.`);
  const refusal = refusalOf(survivor, merged, opts.forceDifferentEmail === true);
  if (refusal) return refusal;
  if ((await tx.company.count({ where: { mergedIntoCompanyId: merged.id } })) > 0) {
    return refused(
      "has_merged_companies",
      `Other companies were merged into company ${merged.id}; merge them into ${survivor.id} directly, or unmerge them first.`,
    );
  }
  const portal = targetPortal(survivor.portal, merged.portal);
  // Spec 2.2: a slug is unique per portal and against `both`; the merged company's own slug counts.
  if (portal !== survivor.portal && !(await isSlugFree(tx, survivor.slug, portal, survivor.id))) {
    return refused(
      "slug_collision",
      `The survivor's slug "${survivor.slug}" is taken on the other portal, so it cannot serve both portals; change one of the slugs first.`,
    );
  }

  const mergeId = randomUUID();
  const log = new MoveLog();
  const rows = await moveCompanyRows(tx, log, { survivorId: survivor.id, mergedId: merged.id, now });

  const creditsMoved = merged.credits;
  if (creditsMoved > 0) {
    await log.set(tx, "companies", "credits", survivor.id, String(survivor.credits + creditsMoved));
    await log.set(tx, "companies", "credits", merged.id, "0");
    // Credits move only with a ledger row (docs/data-model.md), one on each side.
    await tx.creditTransaction.createMany({
      data: [
        {
          companyId: merged.id,
          delta: -creditsMoved,
          reason: "company_merge",
          reference: `company_merge:${mergeId}:out`,
          actorUserId: opts.actorUserId ?? null,
        },
        {
          companyId: survivor.id,
          delta: creditsMoved,
          reason: "company_merge",
          reference: `company_merge:${mergeId}:in`,
          actorUserId: opts.actorUserId ?? null,
        },
      ],
    });
  }

  const fillIns: { field: string; value: string }[] = [];
  for (const [field, column] of FILL_INS) {
    const value = merged[field];
    if (isEmpty(survivor[field]) && !isEmpty(value)) {
      await log.set(tx, "companies", column, survivor.id, value, { fillIn: true });
      fillIns.push({ field, value: value! });
    }
  }
  if (portal !== survivor.portal) await log.set(tx, "companies", "portal", survivor.id, portal);
  await log.set(tx, "companies", "merged_into_company_id", merged.id, String(survivor.id));
  await log.set(tx, "companies", "is_active", merged.id, "false");
  await log.save(tx, mergeId);

  await recordActivity(
    {
      actorUserId: opts.actorUserId ?? null,
      type: ACTIVITY.companyMerged,
      subjectType: "company",
      subjectId: survivor.id,
      result: opts.dryRun ? "dry_run" : "merged",
      metadata: { mergeId, mergedCompanyId: merged.id, moves: log.moves.length, creditsMoved, ...rows },
    },
    tx,
  );
  // Both newsrooms' pages, feeds and lists change, and the tombstone index learns the new 301.
  await bumpPublicCacheGeneration(tx);
  return {
    kind: "merged",
    dryRun: opts.dryRun === true,
    mergeId,
    survivorId: survivor.id,
    mergedId: merged.id,
    rows,
    fillIns,
    portal: portal !== survivor.portal ? { from: survivor.portal, to: portal } : null,
    creditsMoved,
    moves: log.moves.length,
  };
}

/**
 * Merges `mergedId` into `survivorId`. Refusals (same company, deleted, removed, already
 * merged, different e-mails without force, a slug that cannot serve both portals) are outcomes,
 * not errors; an unknown id throws not_found. A dry run does all of it and rolls back.
 */
export async function mergeCompanies(opts: MergeOptions): Promise<MergeOutcome> {
  for (const id of [opts.survivorId, opts.mergedId]) if (!isRecordId(id)) throw notFound(`There is no company ${id}.`);
  const now = opts.now ?? new Date();
  return rollbackAfter(
    opts.dryRun === true,
    (tx) => mergeLocked(tx, opts, now),
    (o) => o.kind === "merged",
  );
}
