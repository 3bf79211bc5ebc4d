import { z } from "zod";
import { RecordId, RecordIdParam } from "@/lib/input/ids";
import { MAX_SEARCH_PAGE } from "@/lib/releases/search";

// The v1 contract: the handlers parse with these schemas and the OpenAPI file is generated
// from them, so the description cannot drift from the code.

export const STATUSES = ["draft", "in_review", "rejected", "scheduled", "published", "archived", "depublished"] as const;

const text = (max: number) => z.string().trim().max(max);
const email = z.email().max(254);

export const ReleaseInput = z
  .object({
    newsroom_id: RecordId.meta({ description: "Newsroom (company) the release belongs to; see GET /api/v1/newsrooms." }),
    portal: z.enum(["business", "tech"]).meta({ description: "Target portal; must be one the newsroom publishes on." }),
    language: z.enum(["de", "en"]),
    title: text(200).min(10),
    lead: text(600).nullish(),
    body: z.string().min(1).max(100_000).meta({ description: "HTML; at least 150 characters of text." }),
    location: text(120).nullish().meta({ description: "Dateline, e.g. Berlin." }),
    keywords: z.array(text(60)).max(20).optional(),
    category: z.string().max(100).nullish().meta({ description: "Slug of an active category of the target portal." }),
    contact: z.object({ name: text(120).nullish(), email: email.nullish(), phone: text(60).nullish() }).optional(),
    scheduled_at: z.iso.datetime({ offset: true }).nullish().meta({ description: "Publish at this time (ISO 8601) instead of right after the check." }),
    submit: z.boolean().default(true).meta({ description: "Send to review at once (default) or keep as draft." }),
  })
  .meta({ id: "ReleaseInput" });

export const ReleaseUpdate = ReleaseInput.omit({ newsroom_id: true, submit: true }).partial().extend({ submit: z.boolean().default(false) }).meta({ id: "ReleaseUpdate" });

export const ReviewReason = z.object({ code: z.string(), severity: z.enum(["red", "yellow"]), message: z.string() }).meta({ id: "ReviewReason" });

export const ReleaseResource = z
  .object({
    id: z.int(),
    status: z.enum(STATUSES),
    gone: z.boolean().meta({ description: "Tombstoned: the public page answers 410." }),
    portal: z.enum(["business", "tech"]),
    language: z.enum(["de", "en"]),
    slug: z.string(),
    title: z.string(),
    lead: z.string().nullable(),
    body: z.string(),
    location: z.string().nullable(),
    keywords: z.array(z.string()),
    category: z.string().nullable(),
    contact: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
    newsroom: z.object({ id: z.int(), name: z.string() }),
    scheduled_at: z.string().nullable(),
    published_at: z.string().nullable(),
    content_changed_at: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    url: z.string().nullable().meta({ description: "Public page, once published." }),
    view_url: z.string().nullable().meta({ description: "Legacy link that redirects to the page." }),
    canonical_id: z.int().nullable().meta({ description: "The first-source copy on the other portal, if this is the later copy." }),
    review: z.object({
      attempts: z.int(),
      max_attempts: z.int(),
      waiting_for_person: z.boolean(),
      latest: z.object({ result: z.enum(["red", "yellow", "green"]), reasons: z.array(ReviewReason), checked_at: z.string() }).nullable(),
    }),
  })
  .meta({ id: "Release" });

export const Pagination = z.object({ page: z.int(), per_page: z.int(), total: z.int() }).meta({ id: "Pagination" });
export const ReleaseList = z.object({ data: z.array(ReleaseResource), meta: Pagination }).meta({ id: "ReleaseList" });

export const ListQuery = z.object({
  per_page: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "1–100." }),
  page: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE).default(1).meta({ description: `1–${MAX_SEARCH_PAGE}.` }),
  status: z.enum(STATUSES).optional(),
  language: z.enum(["de", "en"]).optional(),
  portal: z.enum(["business", "tech"]).optional(),
  category: z.string().max(100).optional().meta({ description: "Slug of an active category; with it, `portal` is required." }),
  q: z.string().max(200).optional().meta({ description: "Full-text search in title, lead, newsroom and text." }),
});

export const IdParams = z.object({ id: RecordIdParam.meta({ description: "A release id (a positive 32-bit integer); anything else answers 404." }) });

export const Newsroom = z.object({ id: z.int(), name: z.string(), slug: z.string(), portals: z.array(z.enum(["business", "tech"])), role: z.string() }).meta({ id: "Newsroom" });
export const NewsroomList = z.object({ data: z.array(Newsroom) }).meta({ id: "NewsroomList" });

export const Category = z.object({ slug: z.string(), portal: z.enum(["business", "tech"]), name_de: z.string(), name_en: z.string(), parent: z.string().nullable() }).meta({ id: "Category" });
export const CategoryList = z.object({ data: z.array(Category) }).meta({ id: "CategoryList" });
export const CategoryQuery = z.object({ portal: z.enum(["business", "tech"]).optional() });

export const LegalDocument = z.object({ document: z.string(), version: z.string(), title: z.string(), accepted_at: z.string().nullable() }).meta({ id: "LegalDocument" });
export const LegalStatus = z.object({ data: z.array(LegalDocument), complete: z.boolean() }).meta({ id: "LegalStatus" });
export const LegalAcceptanceInput = z
  .object({ documents: z.array(z.object({ document: z.string(), version: z.string() })).min(1).max(10) })
  .meta({ id: "LegalAcceptanceInput" });

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "Stable machine-readable code, e.g. validation_failed, api_access_missing." }),
      message: z.string(),
      requestId: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: "Error" });

export const ReleaseEnvelope = z.object({ data: ReleaseResource }).meta({ id: "ReleaseEnvelope" });
