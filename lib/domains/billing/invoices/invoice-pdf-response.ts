import { AppError } from "@/lib/core/errors/errors";
import { toAppError } from "@/lib/core/http/problem";

/**
 * The answer of the invoice PDF routes: the file inline, named by its number, never stored by a
 * cache (it is personal); a refusal as a short text with its status, never a 5xx for a client's
 * mistake.
 */
export async function invoicePdfResponse(load: () => Promise<{ filename: string; bytes: Uint8Array }>): Promise<Response> {
  try {
    const { filename, bytes } = await load();
    return new Response(new Uint8Array(bytes), {
      headers: {
        "content-type": "application/pdf",
        "content-length": String(bytes.byteLength),
        "content-disposition": `inline; filename="${filename}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    const appError = err instanceof AppError ? err : toAppError(err, crypto.randomUUID());
    return invoicePdfRefusal(appError.status, appError.status < 500 ? appError.message : "Die Rechnung kann gerade nicht erzeugt werden.");
  }
}

export function invoicePdfRefusal(status: number, message = "Diese Rechnung gibt es nicht."): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
  });
}
