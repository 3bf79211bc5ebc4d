"use client";

import { startTransition, useActionState, useDeferredValue, useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, shownIssue } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { Notice } from "@/components/ui/notice";
import { useHydrated } from "@/components/ui/use-hydrated";
import { formIssuesOf } from "@/lib/adapters/dashboard/release-rules";
import { releaseTextIssues } from "@/lib/domains/releases/rules";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { editDistancePercent } from "@/lib/domains/paid-changes/edit-distance";
import { ReleaseBodyField } from "./release-editor";

export interface PaidChangeInput {
  title: string;
  lead: string;
  body: string;
}

export interface PaidChangeResult extends ActionResult {
  /** The automatic check refused the text: its reasons, in the release's language. */
  reasons?: string[];
}

type ChangeField = "title" | "lead" | "body";

interface Props {
  initial: PaidChangeInput;
  /** legal.change_max_distance_percent */
  maxDistancePercent: number;
  action: (prev: PaidChangeResult | null, input: PaidChangeInput) => Promise<PaidChangeResult | null>;
}

/**
 * The paid change of a published release: title, lead and text prefilled with the live
 * version, the release editor's rules checked as the customer types, and the share of changed
 * words against the limit (the same computation the server enforces). Sending runs the check;
 * the server action continues to the payment or shows why the text was refused.
 */
export function PaidChangeForm({ initial, maxDistancePercent, action }: Props) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<ChangeField, boolean>>>({});
  const [sent, setSent] = useState<PaidChangeInput | null>(null);
  const [result, dispatch, pending] = useActionState(action, null);
  const hydrated = useHydrated();

  // The release rules the server applies to every write of these three fields.
  const clientIssues: Partial<Record<ChangeField, string>> = formIssuesOf(
    releaseTextIssues({ title: values.title, lead: values.lead, body: values.body }),
  );
  const issueOf = (field: ChangeField) => shownIssue(field, { touched, clientIssues, values, sent, serverIssues: result?.issues });
  const unchanged =
    values.title.trim() === initial.title.trim() && values.lead.trim() === initial.lead.trim() && values.body === initial.body;

  // Deferred: a long text retyped at once is compared once the typing pauses, not per key.
  const deferred = useDeferredValue(values);
  const percent = useMemo(
    () =>
      editDistancePercent(
        { title: initial.title, lead: initial.lead || null, body: initial.body },
        { title: deferred.title.trim(), lead: deferred.lead.trim() || null, body: deferred.body },
      ),
    [initial, deferred],
  );
  const tooMuch = percent > maxDistancePercent;
  const extent = unchanged
    ? "Noch nichts geändert."
    : `Geändert: ${percent} % der Wörter (erlaubt sind höchstens ${maxDistancePercent} %).`;

  const set = (field: ChangeField, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const bind = (field: "title" | "lead") => ({
    id: field,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    ...describedBy(field, issueOf(field)),
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTouched({ title: true, lead: true, body: true });
    if (Object.keys(clientIssues).length || unchanged || tooMuch) return;
    setSent(values);
    startTransition(() => dispatch(values));
  }

  return (
    <form className="form release-form" onSubmit={onSubmit} method="post" noValidate aria-label="Pressemitteilung kostenpflichtig ändern">
      <FormMessage result={result} />
      {result?.reasons?.length ? (
        <ul className="reasons" aria-label="Gründe der Ablehnung">
          {result.reasons.map((r, i) => (
            <li key={i}>{r}</li>
          ))}
        </ul>
      ) : null}
      <Field id="title" label="Überschrift" issue={issueOf("title")}>
        <input {...bind("title")} type="text" maxLength={250} />
      </Field>
      <Field id="lead" label="Vorspann (optional)" issue={issueOf("lead")}>
        <input {...bind("lead")} type="text" maxLength={600} />
      </Field>
      <ReleaseBodyField
        initialHtml={initial.body}
        body={values.body}
        issue={issueOf("body")}
        onChange={(body) => set("body", body)}
        onHtml={() => {}}
        onBlur={() => setTouched((t) => ({ ...t, body: true }))}
      />
      {/* One live region for both looks: it stays in the page, so a change of the share is announced. */}
      <div id="change-extent" role="status">
        {tooMuch ? (
          <Notice tone="error" detail="Bitte ändern Sie weniger: Eine so weitgehende Änderung gehört in eine neue Pressemitteilung.">
            {extent}
          </Notice>
        ) : (
          <p className="meta">{extent}</p>
        )}
      </div>
      <FormActions>
        <Button type="submit" disabled={!hydrated || pending || unchanged || tooMuch}>
          Prüfen und zur Zahlung
        </Button>
        {pending ? <span className="meta">Der Text wird geprüft …</span> : null}
      </FormActions>
    </form>
  );
}
