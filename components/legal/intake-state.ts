import type { ActionResult } from "@/lib/core/forms/action-result";

/** What a public intake form gets back: the outcome, and on a refusal the values to show again. */
export interface IntakeState extends ActionResult {
  values?: Record<string, string>;
}
