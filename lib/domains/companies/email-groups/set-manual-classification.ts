import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { inTransaction, type Tx } from "@/lib/core/db/client";
import type { EmailClassification } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { computeClassification, normalizeCompanyEmail } from "./classify-email";
import { companyCountsOf } from "./effective-classification";
import { lockEmailGroups } from "./recompute-email-groups";

/**
 * Sets (or with null clears) the manual classification of one company address. It survives
 * every recomputation; the effective value follows at once. An address without a group yet gets
 * one, computed from the companies that carry it now. Runs in the caller's transaction when one
 * is given (the admin action authorizes in it first).
 */
export async function setManualClassification(
  opts: { email: string; value: EmailClassification | null; actorUserId?: number | null; now?: Date },
  client?: Tx,
): Promise<{ normalizedEmail: string; effective: EmailClassification }> {
  const normalizedEmail = normalizeCompanyEmail(opts.email);
  if (!normalizedEmail) throw new AppError("validation_failed", "An address is needed.", undefined, [{ path: "email", message: "empty" }]);
  const now = opts.now ?? new Date();
  return inTransaction(client, async (tx) => {
    await lockEmailGroups(tx);
    const group = await tx.companyEmailGroup.findUnique({ where: { normalizedEmail } });
    let classification = group?.classification;
    if (!group) {
      const companyCount = (await companyCountsOf(tx, [normalizedEmail])).get(normalizedEmail) ?? 0;
      classification = computeClassification(normalizedEmail, companyCount);
      await tx.companyEmailGroup.create({
        data: {
          normalizedEmail,
          classification,
          companyCount,
          effectiveClassification: opts.value ?? classification,
          manualClassification: opts.value,
          computedAt: now,
        },
      });
    } else {
      await tx.companyEmailGroup.update({
        where: { id: group.id },
        data: { manualClassification: opts.value, effectiveClassification: opts.value ?? group.classification },
      });
    }
    const effective = opts.value ?? classification!;
    await recordActivity(
      {
        actorUserId: opts.actorUserId ?? null,
        type: ACTIVITY.companyEmailGroupClassified,
        subjectType: "company_email_group",
        subjectId: normalizedEmail,
        result: effective,
        metadata: { manual: opts.value },
      },
      tx,
    );
    return { normalizedEmail, effective };
  });
}
