import { z } from "zod";
import { RecordId, RecordIdParam } from "@/lib/core/input/ids";
import { readable } from "@/lib/core/input/text";
import { MAX_IMAGES_PER_RELEASE } from "@/lib/domains/images/variants";

// Schemas of the v1 image endpoints; the OpenAPI description is built from them.

export const ImageIdParams = z.object({
  id: RecordIdParam.meta({ description: "The release id." }),
  imageId: RecordIdParam.meta({ description: "The image id." }),
});

const Warning = z.object({ code: z.string(), message: z.string() }).meta({ id: "ImageWarning" });

export const ImageResourceSchema = z
  .object({
    id: z.int(),
    release_id: z.int(),
    position: z.int(),
    is_cover: z.boolean(),
    alt: z.string().nullable(),
    customer_statement: z.string().nullable().meta({ description: "Your credit statement, as sent in `copyright`." }),
    portal_label: z
      .string()
      .nullable()
      .meta({ description: 'The label the portal adds (e.g. "KI-generiert"); stored apart from your statement.' }),
    credit: z.string().meta({ description: "The credit line shown under the image and burned into the og variant." }),
    ai_declaration: z.enum(["without_ai", "ai_assisted", "ai_generated"]).nullable(),
    provenance: z.object({
      finding: z.enum(["none", "ai_generated", "algorithmically_enhanced", "edited", "error"]).nullable(),
      details: z.record(z.string(), z.string()),
    }),
    confirmation: z.object({ text_version: z.string(), confirmed_at: z.string() }).nullable(),
    precheck: z.object({
      outcome: z.enum(["pass", "hint", "queue", "reject", "error"]).nullable(),
      reasons: z.array(z.object({ code: z.string(), message: z.string() })),
      note: z.string().nullable(),
    }),
    status: z.enum(["public", "removed", "withheld", "under_review", "awaiting_owner_confirmation", "awaiting_confirmation"]).meta({
      description:
        "`public`: shown once the release is public. `under_review`: held for a person's review after the precheck. `withheld`: hidden by the service. `awaiting_owner_confirmation`: uploaded by the service, waiting for the newsroom owner. `awaiting_confirmation`: a v2-form image without a confirmation for its bytes.",
    }),
    form_version: z.enum(["v1", "v2"]),
    width: z.int(),
    height: z.int(),
    focus_x: z.number(),
    focus_y: z.number(),
    no_crop: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "Image" });

export const ImageEnvelope = z.object({ data: ImageResourceSchema, warnings: z.array(Warning) }).meta({ id: "ImageEnvelope" });
export const ImageList = z.object({ data: z.array(ImageResourceSchema) }).meta({ id: "ImageList" });

/** Documents the multipart form; readImageUploadForm parses it (the same field rules). */
export const ImageUploadMultipart = z
  .object({
    image: z.string().meta({
      format: "binary",
      description: "JPEG, PNG, WebP or AVIF; at most 16 MiB, at least 320 px on each side, at most 50 megapixels.",
    }),
    copyright: readable(z.string().min(2).max(200)).meta({
      description:
        "Who holds the rights, as it should appear in the credit. Readable text only (no control character, noncharacter or bidirectional override), like alt.",
    }),
    rights_confirmed: z.enum(["true", "1", "on", "yes"]).meta({ description: "You confirm the wording named in confirm_text_version." }),
    confirm_text_version: z.string().meta({
      description:
        "Must be the current identifier (img-confirm-v1, or img-confirm-v2 where that form is in force); a stale one answers 422 with `details.current_text_version`.",
    }),
    alt: readable(z.string().max(300)).optional(),
    ai_declaration: z.enum(["without_ai", "ai_assisted", "ai_generated"]).optional(),
    focus_x: z.number().min(0).max(1).optional().meta({ description: "Focus point for crops, 0 (left) to 1 (right); default 0.5." }),
    focus_y: z.number().min(0).max(1).optional().meta({ description: "Focus point for crops, 0 (top) to 1 (bottom); default 0.5." }),
    no_crop: z.enum(["true", "false"]).optional().meta({ description: "Letterbox instead of cropping in fixed frames (og image)." }),
  })
  .meta({ id: "ImageUpload" });

export const ImageOrderInput = z
  .object({
    order: z
      .array(RecordId)
      .min(1)
      .max(MAX_IMAGES_PER_RELEASE)
      .meta({ description: "Every current image id of the release, once, in the new order." }),
    cover_image_id: RecordId.nullable().meta({ description: "The cover (lists, feeds, og image), or null for none." }),
  })
  .meta({ id: "ImageOrder" });

export const ImageDeclarationInput = z
  .object({
    copyright: readable(z.string().trim().min(2).max(200))
      .optional()
      .meta({ description: "The corrected credit statement (readable text only)." }),
    alt: readable(z.string().trim().max(300)).nullable().optional(),
    ai_declaration: z
      .enum(["without_ai", "ai_assisted", "ai_generated"])
      .optional()
      .meta({ description: "A new version of the image's AI declaration." }),
    reason: z.string().trim().max(500).optional().meta({ description: "Why; kept with the correction when the image was public." }),
  })
  .strict()
  .meta({ id: "ImageDeclaration" });
