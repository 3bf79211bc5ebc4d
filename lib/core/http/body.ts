import { AppError } from "@/lib/core/errors/errors";

/**
 * The body's bytes, refused with 413 as soon as they pass `maxBytes`: a declared length over
 * the limit is refused before reading, and an undeclared one is counted while it streams.
 */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
  tooLarge = () => new AppError("payload_too_large", `The body may be at most ${maxBytes} bytes.`),
): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString("utf8");
}
