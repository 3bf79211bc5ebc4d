import { z } from "zod";
import { openImageEvidence } from "@/lib/evidence/open-image-evidence";
import { readBodyBytes } from "@/lib/http/body";
import { AppError } from "@/lib/http/errors";
import { apiRoute } from "@/lib/http/route";
import { RecordIdParam } from "@/lib/input/ids";
import { unacceptableTextIssues } from "@/lib/input/text";
import { assertSameOrigin, staffSessionOrThrow } from "@/lib/http/session-route";

// POST /admin/releases/<id>/images/<imageId>/evidence: the evidence file (original or published
// version) as a download, only with a stated purpose and only by POST, so the purpose cannot
// sit in a URL, a history or a log. openImageEvidence checks the purpose and logs EvidenceAccess.

const MAX_FORM_BYTES = 16 * 1024;
const Fields = z.object({
  purpose: z.string().trim().max(2000).default(""),
  version: z.enum(["original", "published"]),
});

async function readForm(request: Request): Promise<z.output<typeof Fields>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) throw new AppError("unsupported_media_type", "Send the purpose as a form.");
  const body = await readBodyBytes(request, MAX_FORM_BYTES);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("bad_request", "The form could not be read.");
  }
  const raw = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
  const issues = unacceptableTextIssues(raw);
  if (issues.length) throw new AppError("validation_failed", "The request contains text that cannot be stored.", undefined, issues);
  const parsed = Fields.safeParse(raw);
  if (!parsed.success) throw new AppError("validation_failed", "Choose the original or the published version.", undefined, [{ path: "version", message: "must be original or published" }]);
  return parsed.data;
}

/** `attachment` with an ASCII fallback name and the exact one in RFC 5987 form. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const POST = apiRoute({ params: z.object({ id: RecordIdParam, imageId: RecordIdParam }) }, async ({ request, params }) => {
  assertSameOrigin(request);
  const { user } = await staffSessionOrThrow("press-releases:publish");
  const { purpose, version } = await readForm(request);
  const file = await openImageEvidence({ imageId: params.imageId, releaseId: params.id, adminUserId: user.id, purpose, version });
  return new Response(new Uint8Array(file.bytes), {
    headers: { "content-type": file.contentType, "content-disposition": attachment(file.filename), "cache-control": "private, no-store" },
  });
});
