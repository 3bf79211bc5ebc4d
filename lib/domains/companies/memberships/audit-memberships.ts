import { effectiveClassifications } from "@/lib/domains/companies/email-groups/effective-classification";
import { normalizeCompanyEmail } from "@/lib/domains/companies/email-groups/classify-email";
import { recomputeCompanyEmailGroups, type RecomputeResult } from "@/lib/domains/companies/email-groups/recompute-email-groups";
import { db } from "@/lib/core/db/client";
import type { CompanyRole, GrantedVia } from "@/lib/generated/prisma/client";

// company-memberships:audit: memberships that look wrong, as a report. It changes nothing
// (except, with --classify, the e-mail groups it judges by) and sends nothing.

export const AUDIT_KINDS = ["auto_on_shared_address", "responsible_without_match", "newsroom_without_owner", "inactive_account"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface AuditFinding {
  kind: AuditKind;
  companyId: number;
  /** Absent for a newsroom-level finding (no owner). */
  membership?: { id: number; userId: number; role: CompanyRole; grantedVia: GrantedVia };
  createdAt: Date;
  detail: string;
}

export interface AuditResult {
  findings: AuditFinding[];
  counts: Record<AuditKind, number>;
  classified: RecomputeResult | null;
}

/** Newsrooms a membership can still matter in: not deleted, not merged into another. */
const LIVE_COMPANY = { deletedAt: null, mergedIntoCompanyId: null } as const;
const MEMBERSHIP_SELECT = { id: true, companyId: true, userId: true, role: true, grantedVia: true, createdAt: true } as const;

/**
 * Four checks: automatic rights on a company whose address is consumer mail or an agency's (by
 * effectiveClassification(): such an address says nothing about who works there); automatic
 * `responsible` rights whose person's address no longer matches the company or one of its press
 * contacts (what the login sync would lower); newsrooms without an active owner; memberships of
 * deactivated or deleted accounts. `before` limits each check to memberships (for the owner
 * check: newsrooms) created before that instant.
 */
export async function auditMemberships(opts: { before?: Date; classify?: boolean } = {}): Promise<AuditResult> {
  const classified = opts.classify ? await recomputeCompanyEmailGroups() : null;
  const created = opts.before ? { createdAt: { lt: opts.before } } : {};
  const findings: AuditFinding[] = [];
  const membership = (r: { id: number; userId: number; role: CompanyRole; grantedVia: GrantedVia }) => ({
    id: r.id,
    userId: r.userId,
    role: r.role,
    grantedVia: r.grantedVia,
  });

  const autoRows = await db.companyUser.findMany({
    where: { grantedVia: "auto", company: LIVE_COMPANY, ...created },
    select: { ...MEMBERSHIP_SELECT, company: { select: { email: true } } },
    orderBy: { id: "asc" },
  });
  const classes = await effectiveClassifications(autoRows.map((r) => r.company.email));
  for (const r of autoRows) {
    const key = normalizeCompanyEmail(r.company.email);
    const c = key ? classes.get(key) : undefined;
    if (c === "consumer_mail" || c === "agency")
      findings.push({
        kind: "auto_on_shared_address",
        companyId: r.companyId,
        membership: membership(r),
        createdAt: r.createdAt,
        detail: `company address ${key} is ${c}`,
      });
  }

  const before = opts.before ?? null;
  const unmatched = await db.$queryRaw<{ id: number; company_id: number; user_id: number; created_at: Date; email: string }[]>`
    SELECT cu.id, cu.company_id, cu.user_id, cu.created_at, u.email
    FROM company_user cu JOIN users u ON u.id = cu.user_id JOIN companies c ON c.id = cu.company_id
    WHERE cu.role = 'responsible' AND cu.granted_via = 'auto' AND c.deleted_at IS NULL AND c.merged_into_company_id IS NULL
      AND (${before}::timestamptz IS NULL OR cu.created_at < ${before}::timestamptz)
      AND lower(coalesce(c.email, '')) <> lower(u.email)
      AND NOT EXISTS (SELECT 1 FROM contacts k WHERE k.company_id = c.id AND lower(k.email) = lower(u.email))
    ORDER BY cu.id`;
  for (const r of unmatched)
    findings.push({
      kind: "responsible_without_match",
      companyId: r.company_id,
      membership: { id: r.id, userId: r.user_id, role: "responsible", grantedVia: "auto" },
      createdAt: r.created_at,
      detail: `${r.email} matches neither the company address nor a press contact`,
    });

  const ownerless = await db.company.findMany({
    where: { ...LIVE_COMPANY, ...created, members: { none: { role: "owner", user: { isActive: true, deletedAt: null } } } },
    select: { id: true, slug: true, createdAt: true },
    orderBy: { id: "asc" },
  });
  for (const c of ownerless)
    findings.push({
      kind: "newsroom_without_owner",
      companyId: c.id,
      createdAt: c.createdAt,
      detail: `newsroom ${c.slug} has no active owner`,
    });

  const inactive = await db.companyUser.findMany({
    where: { company: LIVE_COMPANY, ...created, user: { OR: [{ isActive: false }, { deletedAt: { not: null } }] } },
    select: { ...MEMBERSHIP_SELECT, user: { select: { isActive: true, deletedAt: true } } },
    orderBy: { id: "asc" },
  });
  for (const r of inactive)
    findings.push({
      kind: "inactive_account",
      companyId: r.companyId,
      membership: membership(r),
      createdAt: r.createdAt,
      detail: r.user.deletedAt ? "account deleted" : "account deactivated",
    });

  const counts = Object.fromEntries(AUDIT_KINDS.map((k) => [k, findings.filter((f) => f.kind === k).length])) as Record<AuditKind, number>;
  return { findings, counts, classified };
}
