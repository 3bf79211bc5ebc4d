"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { Notice } from "@/components/ui/notice";
import type { PreviewLinkFormState } from "@/lib/adapters/dashboard/preview-links";
import styles from "./preview-link-form.module.css";

/** A new preview link, this one time: a read-only field (select and copy works without script) and a copy button. */
function PreviewLinkOnce({ url }: { url: string }) {
  return (
    <section className={styles.once} aria-labelledby="preview-link-once-heading">
      <h3 id="preview-link-once-heading">Neuer Vorschau-Link</h3>
      <Notice tone="warning">
        <strong>Dieser Link wird nur jetzt angezeigt.</strong> Kopieren Sie ihn jetzt, falls Sie ihn selbst weitergeben. Pressdesk speichert
        ihn nicht lesbar und kann ihn später nicht erneut anzeigen; legen Sie dann einen neuen an.
      </Notice>
      <label htmlFor="preview-link-url" className="visually-hidden">
        Vorschau-Link
      </label>
      <CopyField id="preview-link-url" value={url} copyLabel="Link kopieren" testId="preview-link-url" />
    </section>
  );
}

/**
 * "Vorschau-Link anlegen": one recipient (name, e-mail, medium), an optional end in Berlin time
 * and whether to mail the link. The server checks every field again (lib/domains/releases/previews).
 */
export function PreviewLinkForm({
  action,
  embargoNote,
}: {
  action: (prev: PreviewLinkFormState | null, form: FormData) => Promise<PreviewLinkFormState>;
  /** What the link's banner and mail will say about the embargo. */
  embargoNote: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const issue = (field: string) => state?.issues?.[field];
  const values = state?.ok ? undefined : state?.values;
  return (
    <>
      <FormMessage result={state} />
      {state?.ok && state.url ? <PreviewLinkOnce url={state.url} /> : null}
      <form action={formAction} className="form" aria-labelledby="preview-link-form-heading">
        <h3 id="preview-link-form-heading">Vorschau-Link anlegen</h3>
        <p className="hint">{embargoNote}</p>
        <div className="form-grid">
          <Field id="preview-recipient-name" label="Name" issue={issue("recipientName")}>
            <input
              id="preview-recipient-name"
              name="recipientName"
              type="text"
              required
              maxLength={200}
              autoComplete="off"
              defaultValue={values?.recipientName ?? ""}
              {...describedBy("preview-recipient-name", issue("recipientName"))}
            />
          </Field>
          <Field id="preview-recipient-email" label="E-Mail" issue={issue("recipientEmail")}>
            <input
              id="preview-recipient-email"
              name="recipientEmail"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              defaultValue={values?.recipientEmail ?? ""}
              {...describedBy("preview-recipient-email", issue("recipientEmail"))}
            />
          </Field>
          <Field id="preview-outlet" label="Medium" issue={issue("outlet")}>
            <input
              id="preview-outlet"
              name="outlet"
              type="text"
              required
              maxLength={200}
              autoComplete="off"
              defaultValue={values?.outlet ?? ""}
              {...describedBy("preview-outlet", issue("outlet"))}
            />
          </Field>
          <Field
            id="preview-valid-until"
            label="Gültig bis (optional)"
            hint="Berliner Zeit. Leer lassen: Der Link gilt bis zur Veröffentlichung und führt danach zur öffentlichen Seite."
            issue={issue("expiresAt")}
          >
            <input
              id="preview-valid-until"
              name="validUntil"
              type="datetime-local"
              defaultValue={values?.validUntil ?? ""}
              {...describedBy("preview-valid-until", issue("expiresAt"), true)}
            />
          </Field>
        </div>
        <label className="checkbox" htmlFor="preview-mail">
          <input id="preview-mail" name="mail" type="checkbox" value="1" defaultChecked={values?.mail ?? false} />
          Link per E-Mail senden (mit Hinweis auf die Sperrfrist)
        </label>
        <FormActions>
          <Button type="submit" disabled={pending}>
            Vorschau-Link anlegen
          </Button>
        </FormActions>
      </form>
    </>
  );
}
