import type { ActionResult } from "@/lib/forms/action-result";

/** The outcome of a form's last action: an error (with the domain's wording as detail) or a success. */
export function FormMessage({ result }: { result: ActionResult | null | undefined }) {
  if (!result?.message) return null;
  return (
    <div className={`form-message ${result.ok ? "success" : "error"}`} role={result.ok ? "status" : "alert"}>
      {result.message}
      {result.detail ? <small>{result.detail}</small> : null}
    </div>
  );
}
