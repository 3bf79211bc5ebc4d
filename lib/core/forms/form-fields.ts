// A server action is an HTTP endpoint like any other: its `form` argument is whatever the client
// sent, a FormData or anything else. These read a field as text, so a request that carries no
// form (or a file where text belongs) reads as empty fields and meets the form's own messages.

/** A field as text, cut at `max` characters; "" when missing, a file, or when there is no form. */
export function formText(form: unknown, name: string, max: number): string {
  if (!(form instanceof FormData)) return "";
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** Whether a checkbox or choice field holds exactly `value`. */
export function formHas(form: unknown, name: string, value: string): boolean {
  return form instanceof FormData && form.get(name) === value;
}
