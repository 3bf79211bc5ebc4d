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

/**
 * The issue a controlled form shows under one field: its own rule once the field was touched,
 * else the server's answer, but only while the field still holds the value the server judged
 * (once it changes, that answer is stale).
 */
export function shownIssue<F extends string>(
  field: F,
  form: { touched: Partial<Record<F, boolean>>; clientIssues: Partial<Record<F, string>>; values: Record<F, string>; sent: Record<F, string> | null; serverIssues?: Record<string, string> | undefined },
): string | undefined {
  if (form.touched[field] && form.clientIssues[field]) return form.clientIssues[field];
  if (form.sent && form.sent[field] === form.values[field] && form.serverIssues?.[field]) return form.serverIssues[field];
  return undefined;
}
