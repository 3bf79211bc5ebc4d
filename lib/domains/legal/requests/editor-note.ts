import { AppError } from "@/lib/core/errors/errors";
import { isAcceptableText } from "@/lib/core/input/text";
import { RELEASE_LIMITS } from "@/lib/domains/releases/rules";

const TITLE_MAX = RELEASE_LIMITS.titleMax;

/** Longest note an editor writes on a step (decision, execution, public correction note). */
export const NOTE_MAX = 2000;

/**
 * Control characters other than tab and line breaks, and the two non-characters XML 1.0 has no
 * place for: a public note stands in every feed, where one of them would break the whole feed.
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

const UNSTORABLE = "Der Text enthält ein unzulässiges Steuerzeichen.";

function refuse(path: string, message: string): never {
  throw new AppError("validation_failed", `The field ${path} is not valid.`, undefined, [{ path, message }]);
}

/**
 * A note an editor must give (a decision's reasoning, the public correction note), trimmed and
 * checked; refused with a German issue on its field, which the form shows beside it.
 */
export function requiredNote(raw: unknown, path: string, label = "Bitte geben Sie eine Begründung an."): string {
  const note = typeof raw === "string" ? raw.trim() : "";
  const issue = !note
    ? label
    : note.length > NOTE_MAX
      ? `Höchstens ${NOTE_MAX} Zeichen.`
      : !isAcceptableText(note) || CONTROL_CHARACTER.test(note)
        ? UNSTORABLE
        : null;
  if (issue) refuse(path, issue);
  return note;
}

/** A note the editor may leave empty: null then. */
export function optionalNote(raw: unknown, path: string): string | null {
  const note = typeof raw === "string" ? raw.trim() : "";
  return note ? requiredNote(note, path) : null;
}

/** A title the editor words for the public correction log (one line); null when left empty. */
export function optionalLogTitle(raw: unknown, path: string): string | null {
  const title = typeof raw === "string" ? raw.trim() : "";
  if (!title) return null;
  if (title.length > TITLE_MAX) refuse(path, `Höchstens ${TITLE_MAX} Zeichen.`);
  if (!isAcceptableText(title) || CONTROL_CHARACTER.test(title) || /[\r\n\t]/.test(title)) refuse(path, UNSTORABLE);
  return title;
}
