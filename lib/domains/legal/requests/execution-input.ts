import { RELEASE_LIMITS } from "@/lib/domains/releases/rules";
import { AppError } from "@/lib/core/errors/errors";
import { NOTE_MAX } from "./editor-note";
import type { ExecuteLegalRequestOptions } from "./execute-legal-request";
import { isMeasure } from "@/lib/domains/legal-terms/request-status";

/** What the execution form sends (a server action's argument: anything, until read here). */
export interface ExecutionFormInput {
  measure: string;
  note: string;
  publicNote: string;
  /** A depublication: the title the correction log shows (empty: the release's own). */
  logTitle: string;
  title: string;
  lead: string;
  body: string;
  /** One passage per line. */
  passages: string;
  /** A public report's release: number or address. */
  release: string;
}

const field = (raw: unknown, name: keyof ExecutionFormInput, max: number): string => {
  const value = raw && typeof raw === "object" ? (raw as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" ? value.slice(0, max) : "";
};

/**
 * The execution form's fields as options of executeLegalRequest. Text is cut one character past
 * each limit, so the domain's own check names the limit instead of silently shortening.
 */
export function executionOptionsOf(raw: unknown): Omit<ExecuteLegalRequestOptions, "legalRequestId" | "adminUserId"> {
  const measure = field(raw, "measure", 20);
  if (!isMeasure(measure))
    throw new AppError("validation_failed", "Unknown measure.", undefined, [
      { path: "measure", message: "Bitte wählen Sie eine Maßnahme." },
    ]);
  const passages = field(raw, "passages", 50_000).split(/\r?\n/);
  return {
    measure,
    note: field(raw, "note", NOTE_MAX + 1),
    publicNote: field(raw, "publicNote", NOTE_MAX + 1),
    ...(measure === "text"
      ? {
          text: {
            title: field(raw, "title", 1_000),
            lead: field(raw, "lead", 2_000),
            body: field(raw, "body", RELEASE_LIMITS.bodyHtmlMax + 1),
          },
        }
      : {}),
    ...(measure === "redact" ? { passages } : {}),
    ...(measure === "depublish" ? { logTitle: field(raw, "logTitle", RELEASE_LIMITS.titleMax + 1) } : {}),
    releaseReference: field(raw, "release", 2_000),
  };
}
