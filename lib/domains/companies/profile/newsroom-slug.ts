import type { Tx } from "@/lib/core/db/client";
import type { CompanyPortal } from "@/lib/generated/prisma/client";
import { portalsOfCompany } from "@/lib/domains/sites/portals";

const MAX_SLUG = 60;
const TRANSLITERATION: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss", æ: "ae", ø: "oe", å: "aa", œ: "oe", ł: "l", đ: "d" };

/** "Müller & Söhne GmbH" → "mueller-soehne-gmbh": lower-case ASCII words joined by single hyphens. */
export function slugify(name: string): string {
  const ascii = name
    .toLowerCase()
    .replace(/[äöüßæøåœłđ]/g, (c) => TRANSLITERATION[c] ?? c)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  const slug = ascii
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG)
    .replace(/-+$/, "");
  return slug || "newsroom";
}

/** The portals a slug on `portal` competes with (spec 2.2: unique per portal, the check also considers `both`). */
export function competingPortals(portal: CompanyPortal): CompanyPortal[] {
  return [...portalsOfCompany(portal), "both"];
}

/** Whether a newsroom or an old slug of a merged one holds `slug` on a competing portal. */
async function isTaken(tx: Tx, slug: string, portal: CompanyPortal, exceptCompanyId?: number): Promise<boolean> {
  const portals = competingPortals(portal);
  const company = await tx.company.findFirst({
    where: { slug, portal: { in: portals }, ...(exceptCompanyId ? { id: { not: exceptCompanyId } } : {}) },
    select: { id: true },
  });
  if (company) return true;
  return (await tx.companySlugRedirect.count({ where: { slug, portal: { in: portals } } })) > 0;
}

/**
 * A free slug for a newsroom on `portal`, from its name: the name's slug, else with -2, -3 …
 * The unique index covers one portal only, not `both`, and "acme-2" can come from "Acme" as
 * well as from "Acme 2": one transaction-scoped advisory lock serializes every slug claim, so
 * the second of two newsrooms created at once sees the first one's row (the caller inserts in
 * the same transaction). Newsrooms are created rarely; the lock costs nothing noticeable.
 */
export async function allocateNewsroomSlug(tx: Tx, name: string, portal: CompanyPortal): Promise<string> {
  const stem = slugify(name);
  await lockNewsroomSlugs(tx);
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${stem.slice(0, MAX_SLUG - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!(await isTaken(tx, candidate, portal))) return candidate;
  }
  throw new Error(`no free slug for "${stem}"`);
}

/** Held until the transaction ends; every code path that sets a newsroom slug or portal takes it. */
export async function lockNewsroomSlugs(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('newsroom-slugs'))`;
}

/** For merges and portal changes: whether `slug` is free on `portal` for this company. */
export async function isSlugFree(tx: Tx, slug: string, portal: CompanyPortal, companyId: number): Promise<boolean> {
  return !(await isTaken(tx, slug, portal, companyId));
}
