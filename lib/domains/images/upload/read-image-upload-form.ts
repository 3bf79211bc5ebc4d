import { z } from "zod";
import { getConfig } from "@/lib/core/config";
import { readBodyBytes } from "@/lib/core/http/body";
import { AppError } from "@/lib/core/errors/errors";
import { readable, unacceptableTextIssues } from "@/lib/core/input/text";
import type { AiDeclaration } from "../credit";

export interface ImageUploadForm {
  bytes: Buffer;
  copyright: string;
  rightsConfirmed: boolean;
  confirmTextVersion: string;
  alt: string | null;
  aiDeclaration: AiDeclaration | null;
  focusX: number;
  focusY: number;
  noCrop: boolean;
}

// Room for the form fields around the file in the multipart body.
const FORM_OVERHEAD_BYTES = 64 * 1024;

const truthy = z.union([z.literal("true"), z.literal("1"), z.literal("on"), z.literal("yes")]);
const fieldsSchema = z.object({
  // Credit and alt text are shown to readers and judged by the check: readable text only.
  copyright: readable(z.string().trim().min(2, 'is required (who holds the rights, e.g. "Foto: Max Muster")').max(200)),
  rights_confirmed: z
    .string()
    .optional()
    .transform((v) => truthy.safeParse(v).success),
  confirm_text_version: z.string().trim().max(40).optional().default(""),
  alt: readable(z.string().trim().max(300))
    .optional()
    .transform((v) => v || null),
  ai_declaration: z.enum(["without_ai", "ai_assisted", "ai_generated"]).optional().nullable().default(null),
  focus_x: z.coerce.number().min(0).max(1).optional().default(0.5),
  focus_y: z.coerce.number().min(0).max(1).optional().default(0.5),
  no_crop: z
    .string()
    .optional()
    .transform((v) => truthy.safeParse(v).success),
});

/**
 * Reads a multipart image upload (API v1 and the dashboard). A body over the limit is refused
 * with 413 before it is read: by its declared length, or while it streams when none is declared.
 */
export async function readImageUploadForm(request: Request): Promise<ImageUploadForm> {
  const maxBytes = getConfig().images.maxUploadBytes;
  const tooLarge = () =>
    new AppError("payload_too_large", `The image may be at most ${Math.round(maxBytes / 1024 / 1024)} MiB.`, { max_bytes: maxBytes });
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type))
    throw new AppError("unsupported_media_type", 'Send the image as multipart/form-data with the file in the field "image".');
  const body = await readBodyBytes(request, maxBytes + FORM_OVERHEAD_BYTES, tooLarge);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("bad_request", "The multipart body could not be read.");
  }
  const file = form.get("image");
  if (!(file instanceof Blob) || file.size === 0)
    throw new AppError("validation_failed", 'The field "image" must carry the image file.', undefined, [
      { path: "image", message: "is required" },
    ]);
  if (file.size > maxBytes) throw tooLarge();
  const raw: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") raw[k] = v;
  const issues = unacceptableTextIssues(raw);
  if (issues.length) throw new AppError("validation_failed", "The request contains text that cannot be stored.", undefined, issues);
  const parsed = fieldsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      "validation_failed",
      "The image upload is incomplete or invalid.",
      undefined,
      parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  const f = parsed.data;
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    copyright: f.copyright,
    rightsConfirmed: f.rights_confirmed,
    confirmTextVersion: f.confirm_text_version,
    alt: f.alt,
    aiDeclaration: f.ai_declaration,
    focusX: f.focus_x,
    focusY: f.focus_y,
    noCrop: f.no_crop,
  };
}
