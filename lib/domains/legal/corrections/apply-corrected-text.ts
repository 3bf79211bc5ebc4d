import type { Tx } from "@/lib/core/db/client";
import type { PressRelease } from "@/lib/generated/prisma/client";
import { assertReleaseText } from "@/lib/domains/releases/assert-release-text";
import type { Actor } from "@/lib/domains/releases/history";
import { rewriteReleaseText, type ReleaseText } from "./rewrite-release-text";

/** Title, lead and text as the editor settled on them, checked by the release rules every write passes. */
export function correctedText(raw: { title?: unknown; lead?: unknown; body?: unknown }): ReleaseText {
  const title = typeof raw.title === "string" ? raw.title.trim() : "";
  const lead = typeof raw.lead === "string" ? raw.lead.trim() : "";
  const body = typeof raw.body === "string" ? raw.body : "";
  assertReleaseText({ title, lead: lead || null, body }, "The corrected text is not valid.");
  return { title, lead: lead || null, body };
}

/** Correction and change: the release now reads as the editor wrote it. */
export function applyCorrectedText(
  tx: Tx,
  opts: { release: PressRelease; text: ReleaseText; actor: Actor; legalRequestId: number; now: Date },
) {
  return rewriteReleaseText(tx, {
    release: opts.release,
    text: correctedText(opts.text),
    actor: opts.actor,
    outcome: "legal_correction",
    reason: `legal request ${opts.legalRequestId}`,
    now: opts.now,
  });
}
