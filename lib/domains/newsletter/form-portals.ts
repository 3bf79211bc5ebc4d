import { formHas } from "@/lib/core/forms/form-fields";
import { PORTALS, type Portal } from "@/lib/domains/sites";

/**
 * The portals ticked in a form: one checkbox per portal (`portal-business`, `portal-tech`,
 * value 1) rather than one shared name, which HTML validators flag as duplicate controls.
 */
export function checkedPortals(form: unknown): Portal[] {
  return PORTALS.filter((p) => formHas(form, `portal-${p}`, "1"));
}
