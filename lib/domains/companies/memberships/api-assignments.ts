import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import type { CompanyRole } from "@/lib/generated/prisma/client";

// company-memberships:api-assignments: the memberships the API created (granted_via = api,
// spec 5.13), and their removal with a preview first.

export interface ApiAssignment {
  id: number;
  companyId: number;
  companyName: string;
  userId: number;
  userEmail: string;
  role: CompanyRole;
  createdAt: Date;
}

export type RemovalAction = "remove" | "not_an_api_assignment" | "last_owner";

export interface RemovalPlan {
  applied: boolean;
  items: { id: number; action: RemovalAction; assignment: ApiAssignment | null }[];
  removed: number;
}

const SELECT = {
  id: true,
  companyId: true,
  userId: true,
  role: true,
  createdAt: true,
  company: { select: { name: true } },
  user: { select: { email: true } },
} as const;
type Row = {
  id: number;
  companyId: number;
  userId: number;
  role: CompanyRole;
  createdAt: Date;
  company: { name: string };
  user: { email: string };
};
const toAssignment = (r: Row): ApiAssignment => ({
  id: r.id,
  companyId: r.companyId,
  companyName: r.company.name,
  userId: r.userId,
  userEmail: r.user.email,
  role: r.role,
  createdAt: r.createdAt,
});

export async function listApiAssignments(): Promise<ApiAssignment[]> {
  return (await db.companyUser.findMany({ where: { grantedVia: "api" }, select: SELECT, orderBy: { id: "asc" } })).map(toAssignment);
}

/**
 * Plans the removal of the named API memberships and, with `apply`, carries it out in the same
 * transaction. Never removes a newsroom's last owner: the API grants no owners, but rows from
 * before that rule may. The newsrooms concerned are locked, so the owner count cannot change
 * between the check and the delete.
 */
export async function removeApiAssignments(opts: { ids: number[]; apply: boolean; actorUserId?: number | null }): Promise<RemovalPlan> {
  const ids = [...new Set(opts.ids)];
  return db.$transaction(async (tx) => {
    const companyIds = (await tx.companyUser.findMany({ where: { id: { in: ids } }, select: { companyId: true } }))
      .map((r) => r.companyId)
      .sort((a, b) => a - b);
    await tx.$queryRaw`SELECT id FROM companies WHERE id = ANY(${companyIds}) ORDER BY id FOR UPDATE`;
    const rows = new Map(
      (await tx.companyUser.findMany({ where: { id: { in: ids }, grantedVia: "api" }, select: SELECT })).map((r) => [r.id, r]),
    );
    const owners = await tx.companyUser.groupBy({
      by: ["companyId"],
      where: { companyId: { in: companyIds }, role: "owner" },
      _count: { _all: true },
    });
    const ownersLeft = new Map(owners.map((o) => [o.companyId, o._count._all]));

    const items: RemovalPlan["items"] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) {
        items.push({ id, action: "not_an_api_assignment", assignment: null });
        continue;
      }
      if (row.role === "owner") {
        const left = ownersLeft.get(row.companyId) ?? 0;
        if (left <= 1) {
          items.push({ id, action: "last_owner", assignment: toAssignment(row) });
          continue;
        }
        ownersLeft.set(row.companyId, left - 1);
      }
      items.push({ id, action: "remove", assignment: toAssignment(row) });
    }

    const doomed = items.filter((i) => i.action === "remove");
    if (opts.apply && doomed.length) {
      await tx.companyUser.deleteMany({ where: { id: { in: doomed.map((i) => i.id) } } });
      for (const { assignment: a } of doomed) {
        await recordActivity(
          {
            actorUserId: opts.actorUserId ?? null,
            type: ACTIVITY.companyMemberRemoved,
            subjectType: "company",
            subjectId: a!.companyId,
            reason: "api_assignment_cleanup",
            metadata: { companyUserId: a!.id, userId: a!.userId, role: a!.role, grantedVia: "api" },
          },
          tx,
        );
      }
    }
    return { applied: opts.apply, items, removed: opts.apply ? doomed.length : 0 };
  });
}
