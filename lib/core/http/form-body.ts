import { readBodyBytes } from "./body";
import { AppError } from "@/lib/core/errors/errors";
import { unacceptableTextIssues } from "@/lib/core/input/text";

/**
 * The text fields of a small form posted to a route handler (urlencoded or multipart), refused
 * with 413 past `maxBytes` and with 422 when a value holds text that cannot be stored.
 */
export async function readSmallForm(request: Request, maxBytes: number): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type))
    throw new AppError("unsupported_media_type", "Send the fields as a form.");
  const body = await readBodyBytes(request, maxBytes);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("bad_request", "The form could not be read.");
  }
  const fields = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
  const issues = unacceptableTextIssues(fields);
  if (issues.length) throw new AppError("validation_failed", "The request contains text that cannot be stored.", undefined, issues);
  return fields;
}

/** `attachment` with an ASCII fallback name and the exact one in RFC 5987 form. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
