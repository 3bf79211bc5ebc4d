import { assertCompanyAbility } from "@/lib/domains/accounts/abilities";
import type { Tx } from "@/lib/core/db/client";
import type { CompanyPortal } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/core/errors/errors";

export interface NewsroomUnderEdit {
  id: number;
  portal: CompanyPortal;
  logoPath: string | null;
}

/**
 * The first step of every profile write (profile, logo, press contacts): lock the newsroom row,
 * then read the editor's `edit` ability, so a role taken away a moment ago counts and two
 * writes to one newsroom run one after the other. A deleted or unknown newsroom is "not found".
 */
export async function lockNewsroomForEdit(tx: Tx, userId: number, companyId: number): Promise<NewsroomUnderEdit> {
  const [row] = await tx.$queryRaw<{ id: number; portal: CompanyPortal; logo_path: string | null }[]>`
    SELECT id, portal, logo_path FROM companies WHERE id = ${companyId} AND deleted_at IS NULL FOR UPDATE`;
  if (!row) throw notFound("Newsroom not found.");
  await assertCompanyAbility(userId, companyId, "edit", tx);
  return { id: row.id, portal: row.portal, logoPath: row.logo_path };
}
