import type { ReactNode } from "react";

/** Label, control, hint and issue of one form field, wired for screen readers. */
export function FormField({ id, label, hint, issue, children }: { id: string; label: string; hint?: ReactNode; issue?: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {issue ? (
        <p className="issue" id={`${id}-issue`}>
          {issue}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes a control inside FormField needs. */
export function describedBy(id: string, issue: string | undefined, hasHint = false) {
  const ids = [hasHint ? `${id}-hint` : null, issue ? `${id}-issue` : null].filter(Boolean).join(" ");
  return { "aria-invalid": issue ? true : undefined, "aria-describedby": ids || undefined } as const;
}
