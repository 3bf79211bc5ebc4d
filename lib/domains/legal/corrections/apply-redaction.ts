import type { Tx } from "@/lib/core/db/client";
import type { PressRelease } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { normalizePassage, redactPlainText, redactReleaseBody, REDACTION_LIMITS } from "@/lib/domains/legal/requests/redaction";
import type { Actor } from "@/lib/domains/releases/history";
import { rewriteReleaseText, type ReleaseText } from "./rewrite-release-text";

/**
 * The release's title, lead and text with every occurrence of every passage replaced by the
 * marker: the customer's preview ran the same function (lib/domains/legal/requests/redaction.ts), so the
 * page shows what they confirmed, applied to the text as it stands now.
 */
export function redactedText(release: ReleaseText, passages: readonly string[]): ReleaseText {
  return {
    title: redactPlainText(release.title, passages),
    lead: release.lead === null ? null : redactPlainText(release.lead, passages),
    body: redactReleaseBody(release.body, passages),
  };
}

/** Passages as stored on a request or typed by an editor (one per line), normalised, without repeats. */
export function passagesOf(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(/\r?\n/) : [];
  const out: string[] = [];
  for (const item of list) {
    const p = typeof item === "string" ? normalizePassage(item) : "";
    if (p && !out.includes(p)) out.push(p);
  }
  return out;
}

/** Redaction: the passages leave the release; refused when none of them is in it any more. */
export function applyRedaction(
  tx: Tx,
  opts: { release: PressRelease; passages: readonly string[]; actor: Actor; legalRequestId: number; now: Date },
) {
  const passages = passagesOf(opts.passages);
  const issue = !passages.length
    ? "Bitte geben Sie mindestens eine Textstelle an, die entfernt werden soll."
    : passages.length > REDACTION_LIMITS.maxPassages
      ? `Höchstens ${REDACTION_LIMITS.maxPassages} Textstellen.`
      : passages.some((p) => [...p].length < REDACTION_LIMITS.minLength)
        ? `Jede Textstelle braucht mindestens ${REDACTION_LIMITS.minLength} Zeichen; kürzere träfen Wortteile im ganzen Text.`
        : null;
  if (issue) throw new AppError("validation_failed", "The passages are not valid.", undefined, [{ path: "passages", message: issue }]);
  const text = redactedText(opts.release, passages);
  if (text.title === opts.release.title && text.lead === opts.release.lead && text.body === opts.release.body) {
    throw new AppError("validation_failed", "None of the passages occurs in the release.", undefined, [
      { path: "passages", message: "Keine der Textstellen steht (noch) im Text der Pressemitteilung." },
    ]);
  }
  return rewriteReleaseText(tx, {
    release: opts.release,
    text,
    actor: opts.actor,
    outcome: "legal_redaction",
    reason: `legal request ${opts.legalRequestId}`,
    now: opts.now,
  });
}
