import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { TeamRefusedError } from "./refusals";

/** A team action's refusal as its form shows it: the German wording of the reason, the field's issue under the field. */
export function teamFormError(err: unknown): ActionResult {
  if (!(err instanceof TeamRefusedError)) return actionError(err);
  const issues = Object.fromEntries((err.issues ?? []).map((i) => [i.path, i.message]));
  return { ok: false, code: err.code, message: err.german, ...(Object.keys(issues).length ? { issues } : {}) };
}
