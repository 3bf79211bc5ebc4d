import { assertCan } from "@/lib/domains/accounts/permissions";
import { loadCompanyAddresses } from "@/lib/domains/companies/email-groups/compute-similar-addresses";
import type { SimilarityKind } from "@/lib/domains/companies/email-groups/similar-addresses";
import { db } from "@/lib/core/db/client";
import type { CompanyPortal, EmailClassification } from "@/lib/generated/prisma/client";
import { dispatchJob } from "@/lib/core/jobs/dispatch";
import { JOB } from "@/lib/core/jobs/names";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

// /admin/companies/similar: newsrooms whose company addresses are nearly the same, as likely
// duplicates to look at in the merge preview (spec 8 address similarity check, 25
// representatives per bucket: lib/domains/companies/email-groups/similar-addresses.ts). The pairs are
// computed by a job (compute-similar-addresses.ts: daily, on the console, or when staff ask
// here) and stored; a page view reads 50 of them and the newsrooms that carry their addresses
// now (live ones: not deleted, not merged away).

export const SIMILAR_PAIRS_PAGE_SIZE = 50;

export interface SimilarSide {
  email: string;
  classification: EmailClassification;
  companies: { id: number; name: string; slug: string; portal: CompanyPortal; isActive: boolean; goneAt: Date | null }[];
}

export interface SimilarCompanyPair {
  kind: SimilarityKind;
  distance: number;
  a: SimilarSide;
  b: SimilarSide;
}

export interface SimilarCompanyAddresses {
  total: number;
  page: number;
  pageCount: number;
  pairs: SimilarCompanyPair[];
  /** The computation the list comes from; null before the first one. */
  computed: { finishedAt: Date; addresses: number; durationMs: number } | null;
}

export async function loadSimilarCompanyAddresses(opts: { page: number }): Promise<SimilarCompanyAddresses> {
  const run = await db.similarAddressRun.findFirst({
    orderBy: { id: "desc" },
    select: { finishedAt: true, addresses: true, durationMs: true },
  });
  const total = await db.similarAddressPair.count();
  const pageCount = Math.max(1, Math.ceil(total / SIMILAR_PAIRS_PAGE_SIZE));
  const page = Math.min(Math.max(1, opts.page), pageCount);
  const shown = await db.similarAddressPair.findMany({
    orderBy: [{ distance: "asc" }, { emailA: "asc" }, { emailB: "asc" }],
    skip: (page - 1) * SIMILAR_PAIRS_PAGE_SIZE,
    take: SIMILAR_PAIRS_PAGE_SIZE,
    select: { emailA: true, emailB: true, kind: true, distance: true },
  });
  const addresses = new Map(
    (await loadCompanyAddresses(db, [...new Set(shown.flatMap((p) => [p.emailA, p.emailB]))])).map((a) => [a.email, a]),
  );
  const ids = [...addresses.values()].flatMap((a) => a.ids);
  const companies = new Map(
    (
      await db.company.findMany({
        where: { id: { in: ids } },
        select: { id: true, name: true, slug: true, portal: true, isActive: true, goneAt: true },
      })
    ).map((c) => [c.id, c]),
  );
  // A newsroom deleted or given another address since the computation leaves its side empty.
  const side = (email: string): SimilarSide => {
    const now = addresses.get(email);
    return {
      email,
      classification: now?.classification ?? "unknown",
      companies: (now?.ids ?? []).flatMap((id) => companies.get(id) ?? []),
    };
  };
  return {
    total,
    page,
    pageCount,
    pairs: shown.map((p) => ({ kind: p.kind, distance: p.distance, a: side(p.emailA), b: side(p.emailB) })),
    computed: run,
  };
}

/**
 * "Neu berechnen": staff with the screen's permission ask for a fresh list. The computation runs
 * as a job, never in the request; asking twice within a minute starts it once.
 */
export async function requestSimilarAddressesRecomputation(opts: { adminUserId: number; now?: Date }): Promise<void> {
  await assertCan(opts.adminUserId, ADMIN_SCREENS.similarAddresses.permission);
  const minute = Math.floor((opts.now ?? new Date()).getTime() / 60_000);
  await dispatchJob(JOB.computeSimilarAddresses, { requestedByUserId: opts.adminUserId }, { key: `similar-addresses:${minute}` });
}
