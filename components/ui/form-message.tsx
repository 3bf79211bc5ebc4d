import type { ActionResult } from "@/lib/core/forms/action-result";
import { Notice } from "./notice";

/** The outcome of a form's last action as a Notice: an error (with the domain's wording as detail) or a success. */
export function FormMessage({ result, className }: { result: ActionResult | null | undefined; className?: string }) {
  if (!result?.message) return null;
  return (
    <Notice tone={result.ok ? "success" : "error"} role={result.ok ? "status" : "alert"} detail={result.detail} className={className}>
      {result.message}
    </Notice>
  );
}
