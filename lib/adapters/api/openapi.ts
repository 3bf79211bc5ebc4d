import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { getConfig } from "@/lib/core/config";
import { MAX_IMAGES_PER_RELEASE } from "@/lib/domains/images/variants";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import * as S from "./schemas";
import * as N from "./newsroom-schemas";
import * as I from "./image-schemas";
import * as R from "./receipt-schemas";
import { registerWebhookEvents, WEBHOOK_ENDPOINTS } from "./webhook-openapi";

export type Method = "get" | "post" | "put" | "patch" | "delete";
export interface Endpoint {
  method: Method;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart/form-data body (the image upload) instead of JSON. */
  multipart?: z.ZodType;
  /** Statuses whose meaning differs from ERROR_TEXT for this endpoint. */
  errorText?: Record<number, string>;
  idempotent?: boolean;
  ok: { status: number; schema?: z.ZodType; description: string };
  errors: number[];
}

const ERROR_TEXT: Record<number, string> = {
  400: "The body is not valid JSON (bad_request).",
  401: "Missing, unknown or expired token.",
  403: "The account has no API access (api_access_missing), or the role in the newsroom does not allow this (forbidden).",
  404: "Not found: an unknown or fully deleted release, another newsroom's release, or a path parameter that cannot name one.",
  409: "The release is in a status that does not allow this, or an Idempotency-Key is still in use.",
  410: "Retired endpoint.",
  413: "The body is larger than 1 MiB (payload_too_large).",
  415: "The body is not sent as application/json (unsupported_media_type).",
  422: "Validation failed: see `issues`. Text containing NUL or an unpaired surrogate is refused here too.",
  428: "Required legal document versions are not accepted (LEGAL_ACCEPTANCE_GATE); `details.required` lists them.",
  429: "Rate limit exceeded; see Retry-After (seconds).",
  503: "The service is briefly unavailable (its database is away): send the same request again after Retry-After seconds, with the same Idempotency-Key where the endpoint takes one.",
};

/**
 * Every status an endpoint can answer: its own domain outcomes plus those of the wrapper
 * (lib/core/http/route.ts): authentication, API access, the rate limit and a database outage (503)
 * for all; 404 for a path
 * parameter that names nothing; 422 for a query, body or Idempotency-Key that does not
 * validate; 400, 413 and 415 for a body that is not JSON, too large or of another type.
 */
export function documentedStatuses(e: Pick<Endpoint, "params" | "query" | "body" | "multipart" | "idempotent" | "errors">): number[] {
  const statuses = new Set([401, 403, 429, 503, ...e.errors]);
  if (e.params) statuses.add(404);
  if (e.query || e.body || e.multipart || e.idempotent) statuses.add(422);
  if (e.body || e.multipart) for (const s of [400, 413, 415]) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

/** Every v1 endpoint; the route handlers parse with the same schemas. `errors`: the domain's own outcomes. */
export const ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api/v1/newsrooms",
    operationId: "listNewsrooms",
    summary: "Newsrooms the token's user may write for",
    ok: { status: 200, schema: S.NewsroomList, description: "The newsrooms." },
    errors: [],
  },
  {
    method: "post",
    path: "/api/v1/newsrooms/{id}/members",
    operationId: "addNewsroomMember",
    summary: "Attach a person with an account to an existing newsroom",
    description:
      "Allowed to the newsroom's owners (who manage its team) and to accounts listed in NEWSROOM_API_ASSIGNMENT_USER_IDS. The membership is recorded with `granted_via` = `api`; the role is `member`, or `responsible` when you are an owner; owners are never assigned by API. 403: you are not an owner of the newsroom (nor listed), or ask for `responsible` without being an owner. 404: no such newsroom, or no active account with a confirmed address for `email`. 409: the person is already a member; an owner removed the person (or they left) and you are not an owner (`details.reason` = `removed_from_newsroom`); or the newsroom was merged into another one or removed.",
    params: N.NewsroomIdParams,
    body: N.NewsroomMemberInput,
    ok: { status: 201, schema: N.NewsroomMemberEnvelope, description: "The new membership." },
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/v1/categories",
    operationId: "listCategories",
    summary: "Active categories",
    query: S.CategoryQuery,
    ok: { status: 200, schema: S.CategoryList, description: "The categories." },
    errors: [],
  },
  {
    method: "get",
    path: "/api/v1/releases",
    operationId: "listReleases",
    summary: "List and search your releases",
    query: S.ListQuery,
    ok: { status: 200, schema: S.ReleaseList, description: "One page of releases, newest first (best match first with q)." },
    errors: [],
  },
  {
    method: "post",
    path: "/api/v1/releases",
    operationId: "createRelease",
    summary: "Create a release (and send it to review)",
    description:
      "With `submit` (default true) the release goes straight to the automatic check; the response shows `in_review`. `ai_declaration` (optional in v1) declares how the text came about; it is recorded before the submission.",
    body: S.ReleaseInput,
    idempotent: true,
    ok: { status: 201, schema: S.ReleaseEnvelope, description: "The created release." },
    errors: [409, 428],
  },
  {
    method: "get",
    path: "/api/v1/releases/{id}",
    operationId: "getRelease",
    summary: "One release with its review state",
    params: S.IdParams,
    ok: { status: 200, schema: S.ReleaseEnvelope, description: "The release." },
    errors: [],
  },
  {
    method: "put",
    path: "/api/v1/releases/{id}",
    operationId: "updateRelease",
    summary: "Change a release that is not published",
    description:
      "Fields left out keep their value. On a portal change the category is checked against the new portal. A changed `ai_declaration` is recorded as a new version; leaving it out keeps the current one. Members change only the releases they wrote; owners and responsibles change every release of the newsroom.",
    params: S.IdParams,
    body: S.ReleaseUpdate,
    ok: { status: 200, schema: S.ReleaseEnvelope, description: "The updated release." },
    errors: [409, 428],
  },
  {
    method: "delete",
    path: "/api/v1/releases/{id}",
    operationId: "deleteRelease",
    summary: "Delete a release that was never published",
    description:
      "Its page answers 404 afterwards; its images are erased at once. A release that was ever published cannot be deleted (409): it leaves through archiving, depublication or a legal request. Members delete only the releases they wrote; owners delete every unpublished release of the newsroom.",
    params: S.IdParams,
    ok: { status: 204, description: "Deleted." },
    errors: [409],
  },
  {
    method: "post",
    path: "/api/v1/releases/{id}/submit",
    operationId: "submitRelease",
    summary: "Send a draft or rejected release to review",
    params: S.IdParams,
    idempotent: true,
    ok: { status: 202, schema: S.ReleaseEnvelope, description: "Accepted for review." },
    errors: [409, 428],
  },
  {
    method: "get",
    path: "/api/v1/releases/{id}/images",
    operationId: "listReleaseImages",
    summary: "The release's images in their order",
    params: S.IdParams,
    ok: { status: 200, schema: I.ImageList, description: "The images (removed ones are not listed)." },
    errors: [],
  },
  {
    method: "get",
    path: "/api/v1/releases/{id}/receipts",
    operationId: "listReleaseReceipts",
    summary: "The release's signed publication receipts, newest first",
    description:
      "One receipt per publication and per later change of what the public is shown (paid change, correction, archiving, depublication, removal, deletion and their reversals). `jws` is the receipt file exactly as issued: a flattened JWS (EdDSA, Ed25519) whose key is listed at the hub's `/.well-known/receipt-keys.json`. A release never published has none.",
    params: S.IdParams,
    ok: { status: 200, schema: R.ReceiptList, description: "The receipts." },
    errors: [],
  },
  {
    method: "post",
    path: "/api/v1/releases/{id}/images",
    operationId: "uploadReleaseImage",
    summary: "Upload an image with its rights confirmation",
    description: `Multipart form. The file is decoded for real: anything that is not a JPEG, PNG, WebP or AVIF image, a corrupt file or a decompression bomb is refused with 422 and \`details.reason\`. \`confirm_text_version\` must be the current wording's identifier (422 with \`details.current_text_version\` when stale). With the image precheck on, a refused image answers 422 with the reason and nothing is stored; an image held for review is stored (status \`under_review\`, warning \`image_under_review\`). At most ${MAX_IMAGES_PER_RELEASE} images per release (409 beyond). Only while the release can be edited (draft, rejected, in review, scheduled). Rate limit: 60 uploads per hour per token.`,
    params: S.IdParams,
    multipart: I.ImageUploadMultipart,
    ok: {
      status: 201,
      schema: I.ImageEnvelope,
      description: "The stored image with its label, statement, provenance, confirmation and warnings.",
    },
    errors: [409],
    errorText: {
      413: "The body is larger than 16 MiB (payload_too_large); refused before it is read.",
      415: "The body is not sent as multipart/form-data (unsupported_media_type).",
    },
  },
  {
    method: "delete",
    path: "/api/v1/releases/{id}/images/{imageId}",
    operationId: "deleteReleaseImage",
    summary: "Remove an image",
    description:
      "An image that was never public is erased with its original and confirmation; one that was public is removed from every page and feed, and its original is kept as evidence.",
    params: I.ImageIdParams,
    ok: { status: 204, description: "Removed." },
    errors: [409],
  },
  {
    method: "patch",
    path: "/api/v1/releases/{id}/images/{imageId}",
    operationId: "correctReleaseImage",
    summary: "Correct an image's credit, alt text or AI declaration",
    description:
      "The portal label follows the AI declaration; the og variant is rendered again with the new credit and a new evidence snapshot is taken (the old one stays). While the release can be edited; a published image's credit is corrected by the service (legal request). Sending the current values changes nothing.",
    params: I.ImageIdParams,
    body: I.ImageDeclarationInput,
    ok: { status: 200, schema: I.ImageEnvelope.pick({ data: true }), description: "The corrected image." },
    errors: [409],
  },
  {
    method: "put",
    path: "/api/v1/releases/{id}/images/order",
    operationId: "arrangeReleaseImages",
    summary: "Order the images and choose the cover",
    params: S.IdParams,
    body: I.ImageOrderInput,
    ok: { status: 200, schema: I.ImageList, description: "The images in their new order." },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/v1/legal/acceptances",
    operationId: "getLegalAcceptances",
    summary: "Required legal documents and whether you accepted them",
    ok: { status: 200, schema: S.LegalStatus, description: "The documents." },
    errors: [],
  },
  {
    method: "post",
    path: "/api/v1/legal/acceptances",
    operationId: "acceptLegalDocuments",
    summary: "Accept the current versions of legal documents",
    description: "A version that is not current is refused with 422 and the current versions in `details.current`.",
    body: S.LegalAcceptanceInput,
    ok: { status: 201, schema: S.LegalStatus, description: "The documents after acceptance." },
    errors: [],
  },
  ...WEBHOOK_ENDPOINTS,
];

const RATE_HEADERS = {
  "X-RateLimit-Limit": { description: "Requests allowed per window (per token).", schema: { type: "integer" as const } },
  "X-RateLimit-Remaining": { description: "Requests left in this window.", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "Unix time (seconds) when the window resets.", schema: { type: "integer" as const } },
};

let built: { config: ReturnType<typeof getConfig>; document: ReturnType<typeof buildDocument> } | undefined;

/** The v1 description; built once per configuration (it reads the configured limits). */
export function openApiDocument() {
  const config = getConfig();
  if (built?.config !== config) built = { config, document: buildDocument() };
  return built.document;
}

function buildDocument() {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "bearerToken", {
    type: "http",
    scheme: "bearer",
    description: "An API token from the dashboard (`pd_…`).",
  });
  for (const e of ENDPOINTS) {
    const responses: Record<
      string,
      { description: string; headers?: typeof RATE_HEADERS; content?: Record<string, { schema: z.ZodType }> }
    > = {
      [e.ok.status]: {
        description: e.ok.description,
        headers: RATE_HEADERS,
        ...(e.ok.schema ? { content: { "application/json": { schema: e.ok.schema } } } : {}),
      },
    };
    for (const status of documentedStatuses(e))
      responses[status] = {
        description: e.errorText?.[status] ?? ERROR_TEXT[status]!,
        content: { "application/json": { schema: S.ErrorBody } },
      };
    registry.registerPath({
      method: e.method,
      path: e.path,
      operationId: e.operationId,
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      security: [{ [bearer.name]: [] }],
      request: {
        ...(e.params ? { params: e.params } : {}),
        ...(e.query ? { query: e.query } : {}),
        ...(e.idempotent
          ? {
              headers: z.object({
                "Idempotency-Key": z.string().min(8).max(200).optional().meta({
                  description:
                    "Retrying with the same key returns the first result instead of doing the work twice. While an earlier attempt with the key runs (a lease of at most 35 s) the answer is 409 with Retry-After; after an attempt that ended without an answer, a retry runs afresh or finishes the release that attempt created.",
                }),
              }),
            }
          : {}),
        ...(e.body ? { body: { required: true, content: { "application/json": { schema: e.body } } } } : {}),
        ...(e.multipart ? { body: { required: true, content: { "multipart/form-data": { schema: e.multipart } } } } : {}),
      },
      responses,
    });
  }
  registerWebhookEvents(registry);
  const { limits } = getConfig();
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Pressdesk API",
      version: "1.0.0",
      description: `Submit and manage press releases. Every request needs a bearer token and an account with API access. Rate limit: ${limits.apiPerMinute} requests per minute per token (X-RateLimit-* headers; 429 with Retry-After in seconds). After ${limits.apiAuthFailuresPerIp} failed authentications from one client address within 10 minutes, every request from it answers 429 until the window ends. Errors share one JSON shape (Error). The legacy /service/... family keeps its older contract and is not described here.`,
    },
    servers: [{ url: siteOrigin("hub", getSiteHosts()) }],
  });
}
