import { db, type DbOrTx } from "@/lib/core/db/client";
import { forbidden } from "@/lib/core/errors/errors";
import { abilitiesFor, type CompanyAbility } from "./matrix";

/**
 * What `userId` may do in company `companyId`, read from the stored rows (user, company,
 * company_user), never from a session snapshot. The table is in ./matrix.ts.
 */
export async function companyAbilities(userId: number, companyId: number, client: DbOrTx = db): Promise<Set<CompanyAbility>> {
  // One after another: a transaction's single connection must not run queries side by side.
  const user = await client.user.findUnique({
    where: { id: userId },
    select: { isActive: true, deletedAt: true, staffRole: true, permissions: true },
  });
  const company = await client.company.findUnique({ where: { id: companyId }, select: { deletedAt: true, goneAt: true } });
  const membership = await client.companyUser.findUnique({ where: { companyId_userId: { companyId, userId } }, select: { role: true } });
  return abilitiesFor({ user, company, role: membership?.role ?? null });
}

/** Throws the forbidden AppError (403; a form message in server actions) unless the user holds `ability`. */
export async function assertCompanyAbility(userId: number, companyId: number, ability: CompanyAbility, client: DbOrTx = db): Promise<void> {
  if (!(await companyAbilities(userId, companyId, client)).has(ability)) {
    throw forbidden(`This needs the ability "${ability}" in this newsroom.`);
  }
}
