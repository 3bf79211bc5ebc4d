import { AppError } from "@/lib/core/errors/errors";
import { readBodyText } from "@/lib/core/http/body";
import { ShareInput } from "@/lib/domains/analytics/shares";

/** A share button's form body (`channel`, `language`), read as small as it is. */
export async function readShareForm(request: Request) {
  const form = new URLSearchParams(await readBodyText(request, 1024));
  const parsed = ShareInput.safeParse({ channel: form.get("channel") ?? undefined, language: form.get("language") ?? undefined });
  if (!parsed.success) throw new AppError("validation_failed", "Name a share channel: linkedin, x, email or copy_link.");
  return parsed.data;
}
