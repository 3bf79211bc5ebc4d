import { logoKey, processLogo } from "@/lib/domains/companies/profile/newsroom-logo";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { hashPassword } from "@/lib/domains/accounts/passwords/hash";
import { PLANS } from "@/lib/domains/prices/catalog";
import { addBerlinMonths, berlinStartOfDay } from "@/lib/domains/billing/agreements/billing-period";
import { quotaPeriodOf } from "@/lib/domains/releases/quota";
import { getConfig } from "@/lib/core/config";
import { isLocalHost } from "@/lib/core/config/sites-env";
import { db } from "@/lib/core/db/client";
import { acceptDocuments, REQUIRED_DOCUMENTS } from "@/lib/domains/legal-terms/documents";
import { contentHash } from "@/lib/domains/releases/content-hash";
import { reviewFingerprint } from "@/lib/domains/releases/review-fingerprint";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { slugify } from "@/lib/domains/releases/slug";
import {
  PORTAL_CATEGORIES,
  DEMO_CHECKS,
  DEMO_COMPANIES,
  DEMO_PASSWORD,
  DEMO_RELEASES,
  DEMO_STAFF,
  DEMO_USERS,
  FALLBACK_CHECK,
  type DemoRelease,
} from "./seed-data";
import { backfillReceipts } from "@/lib/domains/releases/receipts/backfill-receipts";
import { currentConfirmTextKey } from "@/lib/domains/images/confirm-text";
import { markImagesPublished } from "@/lib/domains/images/mark-images-published";
import { uploadReleaseImage } from "@/lib/domains/release-images/upload-release-image";
import { CATEGORY_MOTIFS, drawCover, drawLogo, motifAlt, type CoverMotif } from "./demo-pictures";
import { DEMO_PROFILES, type DemoProfile } from "./seed-demo-releases";

export { DEMO_CHECKS };

const HOUR = 3_600_000;

function bodyHtml(r: DemoRelease): string {
  return r.paragraphs.map((p) => `<p>${p}</p>`).join("\n");
}

/** The portals' category tree: reference data every installation needs, demo or not. */
export async function seedPortalCategories() {
  for (const c of PORTAL_CATEGORIES) {
    const parent = await db.category.upsert({
      where: { portal_slug: { portal: c.portal, slug: c.slug } },
      update: {},
      create: {
        portal: c.portal,
        slug: c.slug,
        nameDe: c.de,
        nameEn: c.en,
        descriptionDe: `Pressemitteilungen zum Thema ${c.de}.`,
        descriptionEn: `Press releases about ${c.en.toLowerCase()}.`,
      },
    });
    for (const [i, child] of (c.children ?? []).entries()) {
      await db.category.upsert({
        where: { portal_slug: { portal: c.portal, slug: child.slug } },
        update: {},
        create: { portal: c.portal, slug: child.slug, parentId: parent.id, position: i, nameDe: child.de, nameEn: child.en },
      });
    }
  }
}

/**
 * Fills the profile fields a demo newsroom still has empty and gives it a default press contact
 * when it has none: a re-seed never overwrites what was edited in the dashboard.
 */
async function seedProfile(companyId: number, slug: keyof typeof DEMO_PROFILES, email: string) {
  const { contact, logo, ...fields } = DEMO_PROFILES[slug];
  const row = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: {
      name: true,
      logoPath: true,
      descriptionDe: true,
      descriptionEn: true,
      addressStreet: true,
      addressPostalCode: true,
      addressCity: true,
      addressCountry: true,
    },
  });
  if (!row.logoPath) await seedLogo(companyId, row.name, logo);
  const empty = Object.fromEntries(
    Object.entries({ ...fields, addressCountry: "DE" }).filter(([key]) => row[key as keyof typeof row] === null),
  );
  if (Object.keys(empty).length) await db.company.update({ where: { id: companyId }, data: empty });
  if (!(await db.contact.findFirst({ where: { companyId, isDefault: true }, select: { id: true } }))) {
    await db.contact.create({ data: { companyId, name: contact.name, role: contact.role, email, phone: contact.phone, isDefault: true } });
  }
}

/** A drawn logo (initials on a colour, prisma/demo-pictures.ts) through the same processing and storage as an upload. */
async function seedLogo(companyId: number, name: string, logo: DemoProfile["logo"]) {
  const processed = await processLogo(await drawLogo(name, logo.color, logo.mark));
  const key = logoKey(companyId, processed.sha256);
  await getFileStorage().put(key, processed.bytes, "image/webp");
  await db.company.update({ where: { id: companyId }, data: { logoPath: key } });
}

/** Sets the demo password only where none is set, so a password changed in the app survives a re-seed. */
async function giveDemoPassword(userId: number, passwordHash: string) {
  await db.user.updateMany({ where: { id: userId, passwordHash: null }, data: { passwordHash } });
}

async function seedPeople() {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const companies = new Map<string, number>();
  for (const c of DEMO_COMPANIES) {
    const row = await db.company.upsert({
      where: { portal_slug: { portal: c.portal, slug: c.slug } },
      update: {},
      create: { portal: c.portal, slug: c.slug, name: c.name, email: c.email, website: c.website, credits: 40 },
    });
    await seedProfile(row.id, c.slug, c.email);
    companies.set(c.slug, row.id);
    await db.contact.upsert({
      where: { id: (await db.contact.findFirst({ where: { companyId: row.id }, select: { id: true } }))?.id ?? 0 },
      update: {},
      create: { companyId: row.id, name: "Pressestelle", email: c.email, phone: "+49 40 1234567" },
    });
  }
  const users = new Map<string, number>();
  for (const u of DEMO_USERS) {
    const user = await db.user.upsert({
      where: { email: u.email },
      update: {},
      create: { email: u.email, name: u.name, emailVerifiedAt: new Date() },
    });
    users.set(u.email, user.id);
    await giveDemoPassword(user.id, passwordHash);
    // Insert-only and idempotent: a second seed finds the versions accepted and stores nothing.
    if (!("acceptedLegalDocuments" in u))
      await acceptDocuments(
        user.id,
        REQUIRED_DOCUMENTS.map(({ document, version }) => ({ document, version })),
        null,
      );
    const companyId = companies.get(u.company)!;
    await db.companyUser.upsert({
      where: { companyId_userId: { companyId, userId: user.id } },
      update: {},
      create: { companyId, userId: user.id, role: u.role, grantedVia: "manual" },
    });
    if (u.role === "owner") {
      const existing = await db.userPaymentOption.findFirst({ where: { userId: user.id } });
      if (!existing) await db.userPaymentOption.create({ data: demoAgreement(user.id, companyId, u.company) });
    }
  }
  for (const s of DEMO_STAFF) {
    const staff = await db.user.upsert({
      where: { email: s.email },
      update: {},
      create: { email: s.email, name: s.name, staffRole: s.staffRole, permissions: [...s.permissions], emailVerifiedAt: new Date() },
    });
    await giveDemoPassword(staff.id, passwordHash);
  }
  return { companies, users };
}

/** Covers are drawn at 1280 × 720: display variants at 480 and 960 px, a third of the encoding time of 1600 × 900. */
export const COVER_SIZE = { width: 1280, height: 720 };
/** Covers in the making at once: one draws and stores while another is encoded (the pipeline itself runs one at a time). */
const COVER_WORKERS = 2;

/** "MM-DD" of the year before `now`, mid-morning in Berlin. */
const lastYearDay = (now: Date, day: string) => new Date(berlinStartOfDay(`${now.getUTCFullYear() - 1}-${day}`)!.getTime() + 10 * HOUR);

/** A published demo release waiting for its cover: written as a draft, published once the cover is in. */
type PendingCover = { id: number; r: DemoRelease; ownerId: number | null; publishedAt: Date; publishedEverAt: Date };

async function seedReleases(companies: Map<string, number>, now: Date) {
  const ownerOf = async (companyId: number) =>
    (await db.companyUser.findFirst({ where: { companyId, role: "owner" }, select: { userId: true } }))?.userId ?? null;
  const pending: PendingCover[] = [];
  for (const r of DEMO_RELEASES) {
    const company = DEMO_COMPANIES.find((c) => c.slug === r.company)!;
    const companyId = companies.get(r.company)!;
    const portal = company.portal;
    const slug = slugify(r.title);
    const existing = await db.pressRelease.findUnique({ where: { portal_language_slug: { portal, language: r.language, slug } } });
    if (existing) continue;
    const category = await db.category.findUnique({ where: { portal_slug: { portal, slug: r.category } } });
    const body = bodyHtml(r);
    const publishedAt =
      r.state !== "published" ? null : r.lastYear ? lastYearDay(now, r.lastYear) : new Date(now.getTime() - r.days * 24 * HOUR);
    const contact = r.contact ? DEMO_PROFILES[company.slug].contact : { name: "Pressestelle", phone: null };
    const data = {
      portal,
      language: r.language,
      slug,
      title: r.title,
      lead: r.lead,
      body,
      location: r.location,
      companyId,
      categoryId: category?.id ?? null,
      authorUserId: await ownerOf(companyId),
      contactName: contact.name,
      contactEmail: company.email,
      ...(contact.phone ? { contactPhone: contact.phone } : {}),
      contentHash: contentHash(r.title, body),
      reviewFingerprint: reviewFingerprint({
        title: r.title,
        lead: r.lead,
        body,
        location: r.location,
        keywords: [],
        categoryId: category?.id ?? null,
        contactName: contact.name,
        contactEmail: company.email,
        contactPhone: contact.phone,
        language: r.language,
        images: [],
      }),
      contentChangedAt: publishedAt ?? now,
      status: r.state,
      publishedAt,
      publishedEverAt: publishedAt,
      scheduledAt: r.state === "scheduled" ? new Date(now.getTime() + r.days * 24 * HOUR) : null,
      automaticAttempts: r.state === "rejected" ? 1 : 0,
      // A tombstone saves no_export and overwrites it, as markReleaseGone does.
      ...(r.gone ? { goneAt: now, noExport: true, savedNoExport: false } : {}),
    } as const;
    // A release on the portal gets its cover as a newsroom adds one: uploaded while a draft, then published.
    const withCover = !!demoCover(r);
    const draft = { status: "draft", publishedAt: null, publishedEverAt: null } as const;
    const created = await db.pressRelease.create({ data: withCover ? { ...data, ...draft } : data });
    const awaitCover = (id: number, at: Date) =>
      pending.push({ id, r, ownerId: data.authorUserId, publishedAt: at, publishedEverAt: publishedAt! });
    if (withCover) awaitCover(created.id, publishedAt!);
    await db.pressReleaseHistory.create({
      data: { pressReleaseId: created.id, fromStatus: null, toStatus: r.state, actorType: "system", reason: "demo content" },
    });
    await seedWhatBroughtItThere(created, r, now);
    if (r.copyTo && r.state === "published") {
      const copyCategory = await db.category.findFirst({ where: { portal: r.copyTo, parentId: null }, orderBy: { id: "asc" } });
      const copy = {
        ...data,
        portal: r.copyTo,
        categoryId: copyCategory?.id ?? null,
        canonicalPressReleaseId: created.id,
        publishedAt: new Date(publishedAt!.getTime() + HOUR),
      };
      const copied = await db.pressRelease.create({ data: withCover ? { ...copy, ...draft } : copy });
      if (withCover) awaitCover(copied.id, copy.publishedAt);
    }
  }
  let next = 0;
  const worker = async () => {
    while (next < pending.length) await seedCover(pending[next++]!, now);
  };
  await Promise.all(Array.from({ length: COVER_WORKERS }, worker));
}

/** The cover a demo release gets, the same on every machine: none unless it is on the portal. */
export function demoCover(r: DemoRelease): { motif: CoverMotif; seed: number } | null {
  if (r.state !== "published" || r.gone) return null;
  return {
    motif: CATEGORY_MOTIFS[r.category] ?? "skyline",
    seed: [...r.key].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7),
  };
}

/**
 * Draws the release's cover and uploads it through the real image pipeline as its newsroom's
 * owner would (rights confirmed, credit and alt text, variants, og image, evidence), then
 * publishes the release. A cover the pipeline refuses (a precheck model may judge a drawing
 * otherwise) leaves the release without one; it is published all the same.
 */
async function seedCover(p: PendingCover, now: Date) {
  const company = DEMO_COMPANIES.find((c) => c.slug === p.r.company)!;
  const { motif, seed } = demoCover(p.r)!;
  try {
    if (p.ownerId === null) throw new Error("the newsroom has no owner");
    await uploadReleaseImage({
      userId: p.ownerId,
      releaseId: p.id,
      form: {
        bytes: await drawCover(motif, seed, COVER_SIZE),
        copyright: `${p.r.language === "de" ? "Grafik" : "Illustration"}: ${company.name}`,
        rightsConfirmed: true,
        confirmTextVersion: currentConfirmTextKey().key,
        alt: motifAlt(motif, p.r.language),
        aiDeclaration: "without_ai",
        focusX: 0.5,
        focusY: 0.5,
        noCrop: false,
      },
      ip: null,
      source: "dashboard",
      now,
    });
  } catch (err) {
    console.warn(`demo content: the cover of "${p.r.key}" was left out: ${err instanceof Error ? err.message : String(err)}`);
  }
  // As publish() does: the release goes public and its cover with it (published_ever_at, evidence queued for the archive).
  await db.$transaction(async (tx) => {
    await tx.pressRelease.update({
      where: { id: p.id },
      data: { status: "published", publishedAt: p.publishedAt, publishedEverAt: p.publishedEverAt },
    });
    await markImagesPublished(tx, p.id, p.publishedAt);
  });
}

/**
 * A demo release rests only where the pipeline can leave one (docs/operations.md, "Health"): in
 * review after its last allowed red check, waiting for a person ("check needed"); rejected after
 * a red check; scheduled with a person's approval of exactly this version. The checks are the
 * written verdicts above. Nothing waits for a check that will never come.
 */
async function seedWhatBroughtItThere(
  release: { id: number; contentHash: string; reviewFingerprint: string | null },
  r: DemoRelease,
  now: Date,
) {
  if (r.state === "scheduled") {
    await db.pressRelease.update({
      where: { id: release.id },
      data: { manualReviewRequiredAt: now, approvedReviewFingerprint: release.reviewFingerprint },
    });
    return;
  }
  if (r.state !== "in_review" && r.state !== "rejected") return;
  const check = DEMO_CHECKS[r.key] ?? FALLBACK_CHECK;
  const attempt = r.state === "in_review" ? getConfig().review.maxAutomaticAttempts : 1;
  await db.pressReleaseClassification.create({
    data: {
      pressReleaseId: release.id,
      result: "red",
      reasons: check.reasons as object[],
      contentHash: release.contentHash,
      reviewFingerprint: release.reviewFingerprint,
      classifier: check.classifier,
      attempt,
      createdAt: now,
    },
  });
  await db.pressRelease.update({
    where: { id: release.id },
    data: { automaticAttempts: attempt, ...(r.state === "in_review" ? { reviewFlaggedAt: now } : {}) },
  });
  if (r.state === "in_review") {
    await db.pressReleaseHistory.create({
      data: {
        pressReleaseId: release.id,
        fromStatus: "in_review",
        toStatus: "in_review",
        actorType: "ki",
        outcome: "flagged_for_manual_check",
        reason: check.reasons.map((x) => x.code).join(", "),
      },
    });
  }
}

/** Demo releases are written directly, so their search mirror rows (dashboard search) are filled here. */
async function seedSearchMirror(companies: Map<string, number>) {
  const missing = await db.pressRelease.findMany({
    where: { companyId: { in: [...companies.values()] }, deletedAt: null, search: null },
    select: { id: true },
  });
  for (const { id } of missing) await syncSearchMirror(db, id);
}

/** Where the database lives, for the refusal below: a local server or the embedded one. */
function isLocalDatabase(url: string | undefined): boolean {
  if (!url) return true;
  try {
    const host = new URL(url).hostname;
    return host === "" || isLocalHost(host);
  } catch {
    return false;
  }
}

/**
 * The demo accounts have a documented password, a super-admin among them: they go into the
 * embedded default only, or, with an explicit `allowOnConfiguredDatabase` (npm run db:seed --
 * --demo), into a database on this machine for a site on localhost names. Anything else is refused.
 */
export function assertDemoSeedAllowed(opts: { allowOnConfiguredDatabase?: boolean } = {}): void {
  const config = getConfig();
  if (config.app.mode === "embedded") return;
  const { hub, business, tech } = config.sites;
  const local = isLocalDatabase(config.database.url) && [hub, business, tech].every(isLocalHost);
  if (!opts.allowOnConfiguredDatabase)
    throw new Error(
      "Demo content (accounts with a documented password) goes into the embedded default only. For a local database, run `npm run db:seed -- --demo`.",
    );
  if (!local)
    throw new Error(
      "Refused: demo accounts never go into a database or site that is not on this machine (DATABASE_URL and SITE_*_HOST must be localhost).",
    );
}

/**
 * npm run db:seed: the category tree everywhere; the demo content on the embedded default, or
 * with `--demo` where assertDemoSeedAllowed lets it. Safe to run again.
 */
export async function seedForCommand(opts: { demo: boolean }): Promise<"demo" | "categories"> {
  if (getConfig().app.mode === "embedded" || opts.demo) {
    await seedDemoContent({ allowOnConfiguredDatabase: opts.demo });
    return "demo";
  }
  await seedPortalCategories();
  return "categories";
}

/** Creates the demo data set; safe to run again (rows are found by their natural keys). */
export async function seedDemoContent(opts: { now?: Date; allowOnConfiguredDatabase?: boolean } = {}): Promise<void> {
  assertDemoSeedAllowed(opts);
  const now = opts.now ?? new Date();
  await seedPortalCategories();
  const { companies } = await seedPeople();
  await seedReleases(companies, now);
  // The demo's releases are written directly: they get the receipt a publication would have issued.
  await backfillReceipts();
  await seedSearchMirror(companies);
}

/**
 * The demo owners are legacy customers on the Business plan, paid by bank transfer (manual
 * agreements the invoice run bills monthly); Hansebank still runs on its previous terms until
 * the end of next month, so /admin/payments has something in every list.
 */
function demoAgreement(userId: number, companyId: number, company: string) {
  const plan = PLANS.business;
  const periodStart = berlinStartOfDay(`${quotaPeriodOf(new Date())}-01`)!;
  const periodEnd = addBerlinMonths(periodStart, 1);
  return {
    userId,
    companyId,
    provider: "manual" as const,
    plan: plan.id,
    monthlyReleaseQuota: plan.monthlyReleaseQuota,
    apiAccess: plan.apiAccess,
    priceCents: plan.monthlyNetCents,
    periodStart,
    periodEnd,
    ...(company === "hansebank" ? { grandfatheredUntil: addBerlinMonths(periodEnd, 1) } : {}),
  };
}
