import sharp from "sharp";
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
import type { ReviewReason } from "@/lib/domains/review/classifier";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { slugify } from "@/lib/domains/releases/slug";
import { PORTAL_CATEGORIES, DEMO_COMPANIES, DEMO_PASSWORD, DEMO_RELEASES, DEMO_STAFF, DEMO_USERS, type DemoRelease } from "./seed-data";
import { backfillReceipts } from "@/lib/domains/releases/receipts/backfill-receipts";

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
 * The demo newsrooms' public profiles: German and English descriptions, postal address, one
 * default press contact and a drawn logo each (stored through the file storage like an upload).
 */
const DEMO_PROFILES: Record<
  (typeof DEMO_COMPANIES)[number]["slug"],
  {
    descriptionDe: string;
    descriptionEn: string;
    addressStreet: string;
    addressPostalCode: string;
    addressCity: string;
    contact: { name: string; role: string; phone: string };
  }
> = {
  "nordlicht-energie": {
    descriptionDe:
      "Regionaler Versorger für Strom und Wärme aus Wind und Sonne. Nordlicht Energie betreibt Windparks und Solaranlagen in Norddeutschland und beliefert rund 180.000 Haushalte.",
    descriptionEn:
      "Regional supplier of power and heat from wind and sun. Nordlicht Energie runs wind farms and solar plants in northern Germany and supplies some 180,000 households.",
    addressStreet: "Am Sandtorkai 12",
    addressPostalCode: "20457",
    addressCity: "Hamburg",
    contact: { name: "Jana Petersen", role: "Leiterin Unternehmenskommunikation", phone: "+49 40 1234567" },
  },
  hansebank: {
    descriptionDe: "Privat- und Geschäftsbank mit Sitz in Hamburg, seit 1892 für Mittelstand und Privatkunden in Norddeutschland da.",
    descriptionEn:
      "Retail and commercial bank based in Hamburg, serving small businesses and private customers in northern Germany since 1892.",
    addressStreet: "Ballindamm 3",
    addressPostalCode: "20095",
    addressCity: "Hamburg",
    contact: { name: "Tobias Brandt", role: "Pressesprecher", phone: "+49 40 7654321" },
  },
  "quellcode-labs": {
    descriptionDe:
      "Software für den sicheren Betrieb von Cloud-Anwendungen: Quellcode Labs entwickelt Werkzeuge für Deployment, Überwachung und Schlüsselverwaltung.",
    descriptionEn: "Software for secure cloud operations: Quellcode Labs builds tools for deployment, monitoring and key management.",
    addressStreet: "Torstraße 140",
    addressPostalCode: "10119",
    addressCity: "Berlin",
    contact: { name: "Aylin Demir", role: "Head of Communications", phone: "+49 30 5550123" },
  },
  medisense: {
    descriptionDe: "Sensoren für die klinische Diagnostik, entwickelt und gefertigt in München.",
    descriptionEn: "Sensors for clinical diagnostics, designed and made in Munich.",
    addressStreet: "Leopoldstraße 45",
    addressPostalCode: "80802",
    addressCity: "München",
    contact: { name: "Sarah Kim", role: "Press Officer", phone: "+49 89 4440567" },
  },
};

/**
 * Fills the profile fields a demo newsroom still has empty and gives it a default press contact
 * when it has none: a re-seed never overwrites what was edited in the dashboard.
 */
async function seedProfile(companyId: number, slug: keyof typeof DEMO_PROFILES, email: string) {
  const { contact, ...fields } = DEMO_PROFILES[slug];
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
  if (!row.logoPath) await seedLogo(companyId, row.name, LOGO_COLORS[slug]);
  const empty = Object.fromEntries(
    Object.entries({ ...fields, addressCountry: "DE" }).filter(([key]) => row[key as keyof typeof row] === null),
  );
  if (Object.keys(empty).length) await db.company.update({ where: { id: companyId }, data: empty });
  if (!(await db.contact.findFirst({ where: { companyId, isDefault: true }, select: { id: true } }))) {
    await db.contact.create({ data: { companyId, name: contact.name, role: contact.role, email, phone: contact.phone, isDefault: true } });
  }
}

const LOGO_COLORS: Record<keyof typeof DEMO_PROFILES, string> = {
  "nordlicht-energie": "#0b7a5a",
  hansebank: "#123c7a",
  "quellcode-labs": "#5b2a86",
  medisense: "#b3261e",
};

/** A drawn logo (initials on a colour) through the same processing and storage as an upload. */
async function seedLogo(companyId: number, name: string, color: string) {
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" rx="64" fill="${color}"/><text x="200" y="250" font-family="DejaVu Sans, Arial, sans-serif" font-size="150" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  const logo = await processLogo(await sharp(Buffer.from(svg)).png().toBuffer());
  const key = logoKey(companyId, logo.sha256);
  await getFileStorage().put(key, logo.bytes, "image/webp");
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

async function seedReleases(companies: Map<string, number>, now: Date) {
  const ownerOf = async (companyId: number) =>
    (await db.companyUser.findFirst({ where: { companyId, role: "owner" }, select: { userId: true } }))?.userId ?? null;
  for (const r of DEMO_RELEASES) {
    const company = DEMO_COMPANIES.find((c) => c.slug === r.company)!;
    const companyId = companies.get(r.company)!;
    const portal = company.portal;
    const slug = slugify(r.title);
    const existing = await db.pressRelease.findUnique({ where: { portal_language_slug: { portal, language: r.language, slug } } });
    if (existing) continue;
    const category = await db.category.findUnique({ where: { portal_slug: { portal, slug: r.category } } });
    const body = bodyHtml(r);
    const publishedAt = r.state === "published" ? new Date(now.getTime() - r.days * 24 * HOUR) : null;
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
      contactName: "Pressestelle",
      contactEmail: company.email,
      contentHash: contentHash(r.title, body),
      reviewFingerprint: reviewFingerprint({
        title: r.title,
        lead: r.lead,
        body,
        location: r.location,
        keywords: [],
        categoryId: category?.id ?? null,
        contactName: "Pressestelle",
        contactEmail: company.email,
        contactPhone: null,
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
    const created = await db.pressRelease.create({ data });
    await db.pressReleaseHistory.create({
      data: { pressReleaseId: created.id, fromStatus: null, toStatus: r.state, actorType: "system", reason: "demo content" },
    });
    await seedWhatBroughtItThere(created, r, now);
    if (r.copyTo && r.state === "published") {
      const copyCategory = await db.category.findFirst({ where: { portal: r.copyTo, parentId: null }, orderBy: { id: "asc" } });
      await db.pressRelease.create({
        data: {
          ...data,
          portal: r.copyTo,
          categoryId: copyCategory?.id ?? null,
          canonicalPressReleaseId: created.id,
          publishedAt: new Date(publishedAt!.getTime() + HOUR),
        },
      });
    }
  }
}

/**
 * The check verdicts that brought each demo release resting in review or rejected there: what the
 * deterministic text check rates the demo text (written down, so a start on a fresh database
 * never depends on the check's rules; tests/seed.integration.test.ts holds them equal).
 */
export const DEMO_CHECKS: Record<string, { classifier: string; reasons: ReviewReason[] }> = {
  "hb-review": {
    classifier: "deterministic-v1",
    reasons: [{ code: "too_short", severity: "red", message: "Der Text ist zu kurz (mindestens 150 Zeichen)." }],
  },
  "ql-rejected": {
    classifier: "deterministic-v1",
    reasons: [
      { code: "advertising", severity: "red", message: "Der Text liest sich wie Werbung, nicht wie eine Nachricht." },
      { code: "shouting", severity: "red", message: "Die Überschrift ist in Großbuchstaben geschrieben." },
      { code: "exclamations", severity: "red", message: "Mehrfache Ausrufe- oder Fragezeichen." },
      { code: "too_short", severity: "red", message: "Der Text ist zu kurz (mindestens 150 Zeichen)." },
    ],
  },
};

/** A red reason for a demo release without a written verdict: it still rests only where the pipeline can leave one. */
const FALLBACK_CHECK = {
  classifier: "demo",
  reasons: [{ code: "demo", severity: "red", message: "Beispielinhalt: von der Prüfung abgelehnt." }] satisfies ReviewReason[],
};

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
