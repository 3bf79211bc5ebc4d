import { z } from "zod";
import { AppError, type ValidationIssue } from "@/lib/core/errors/errors";
import { hasPlausibleDomain } from "@/lib/domains/mail/domain-plausibility";
import { newsroomsOfUser } from "@/lib/domains/accounts/newsrooms";
import { RecordId } from "@/lib/core/input/ids";
import { readable } from "@/lib/core/input/text";
import { RELEASE_LIMITS as L } from "@/lib/domains/releases/rules";
import { ListQuery, STATUSES, type ReleaseResource } from "./schemas";

// The legacy /service/... contract: older field names (text, city, lang, limit) mapped onto
// the v1 inputs, and its own rule that company and contact addresses must end in a real TLD.

export const LegacyListQuery = z
  .object({
    limit: z.coerce.number().optional(),
    per_page: z.coerce.number().optional(),
    page: z.coerce.number().optional(),
    status: z.enum(STATUSES).optional(),
    lang: z.enum(["de", "en"]).optional(),
    language: z.enum(["de", "en"]).optional(),
    category: z.string().optional(),
    portal: z.enum(["business", "tech"]).optional(),
  })
  .transform((q) =>
    ListQuery.parse({
      per_page: q.per_page ?? q.limit,
      page: q.page,
      status: q.status,
      language: q.language ?? q.lang,
      category: q.category,
      portal: q.portal,
    }),
  );

export const LegacyReleaseInput = z.object({
  company_id: z.coerce.number().pipe(RecordId).optional(),
  company_email: z.string().max(254).optional(),
  portal: z.enum(["business", "tech"]).optional(),
  lang: z.enum(["de", "en"]).optional(),
  title: readable(z.string().trim().min(L.titleMin).max(L.titleMax)),
  subtitle: readable(z.string().trim().max(L.leadMax)).optional(),
  text: readable(z.string().min(1).max(L.bodyHtmlMax)),
  city: readable(z.string().trim().max(L.locationMax)).optional(),
  category: z.string().max(100).optional(),
  contact_name: readable(z.string().trim().max(L.contactNameMax)).optional(),
  contact_email: z.string().max(L.contactEmailMax).optional(),
  contact_phone: readable(z.string().trim().max(L.contactPhoneMax)).optional(),
  publish_at: z.iso.datetime({ offset: true }).optional(),
});
export type LegacyReleaseInput = z.infer<typeof LegacyReleaseInput>;

/** Refused with 422 without any DNS lookup: no TLD, or one that does not exist (typo). */
export function assertPlausibleAddresses(input: { company_email?: string | undefined; contact_email?: string | undefined }): void {
  const issues: ValidationIssue[] = [];
  for (const field of ["company_email", "contact_email"] as const) {
    const value = input[field];
    if (value && (!z.email().safeParse(value).success || !hasPlausibleDomain(value))) {
      issues.push({ path: field, message: "The domain of this address has no or a mistyped top-level domain." });
    }
  }
  if (issues.length) throw new AppError("validation_failed", "Implausible e-mail address.", undefined, issues);
}

/** The legacy API names the newsroom by id or by its company e-mail; with one newsroom neither is needed. */
export async function legacyNewsroom(userId: number, input: Pick<LegacyReleaseInput, "company_id" | "company_email">) {
  const newsrooms = await newsroomsOfUser(userId);
  const found = input.company_id
    ? newsrooms.find((n) => n.id === input.company_id)
    : input.company_email
      ? newsrooms.find((n) => n.email?.toLowerCase() === input.company_email!.toLowerCase())
      : newsrooms.length === 1
        ? newsrooms[0]
        : undefined;
  if (!found)
    throw new AppError("validation_failed", "Name the newsroom with company_id or company_email.", undefined, [
      { path: "company_id", message: "Unknown newsroom." },
    ]);
  return found;
}

export function toV1Input(input: Partial<LegacyReleaseInput>) {
  return {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.subtitle !== undefined ? { lead: input.subtitle } : {}),
    ...(input.text !== undefined ? { body: input.text } : {}),
    ...(input.city !== undefined ? { location: input.city } : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.lang !== undefined ? { language: input.lang } : {}),
    ...(input.portal !== undefined ? { portal: input.portal } : {}),
    ...(input.publish_at !== undefined ? { scheduled_at: input.publish_at } : {}),
    ...(input.contact_name !== undefined || input.contact_email !== undefined || input.contact_phone !== undefined
      ? { contact: { name: input.contact_name ?? null, email: input.contact_email ?? null, phone: input.contact_phone ?? null } }
      : {}),
  };
}

/** The older response shape: flat, with `text` and the id-based `view_url`. */
export function toLegacy(r: z.infer<typeof ReleaseResource>) {
  return {
    id: r.id,
    status: r.status,
    title: r.title,
    subtitle: r.lead,
    text: r.body,
    city: r.location,
    lang: r.language,
    portal: r.portal,
    category: r.category,
    company_id: r.newsroom.id,
    view_url: r.view_url,
    publish_at: r.scheduled_at,
    published_at: r.published_at,
    created_at: r.created_at,
    review_attempts: r.review.attempts,
  };
}
