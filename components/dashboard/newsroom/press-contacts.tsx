"use client";

import { useActionState, useState } from "react";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import styles from "./press-contacts.module.css";

export interface PressContactView {
  id: number;
  name: string;
  email: string;
  phone: string;
  role: string;
  isDefault: boolean;
}

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

function ContactForm({ contact, save, onDone, formId }: { contact?: PressContactView; save: Action; onDone?: () => void; formId: string }) {
  const [result, formAction, pending] = useActionState(async (prev: ActionResult | null, form: FormData) => {
    const r = await save(prev, form);
    if (r.ok) onDone?.();
    return r;
  }, null);
  const field = (name: "name" | "email" | "phone" | "role", label: string, type: string, autoComplete: string, required = false) => {
    const id = `${formId}-${name}`;
    const issue = result?.issues?.[name];
    return (
      <Field id={id} label={label} issue={issue}>
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={contact?.[name] ?? ""}
          required={required}
          {...describedBy(id, issue)}
        />
      </Field>
    );
  };
  return (
    <form
      action={formAction}
      className="form contact-form"
      aria-label={contact ? `Pressekontakt ${contact.name} bearbeiten` : "Pressekontakt hinzufügen"}
    >
      <FormMessage result={result} />
      <div className="form-grid">
        {field("name", "Name", "text", "name", true)}
        {field("role", "Funktion (optional)", "text", "organization-title")}
        {field("email", "E-Mail", "email", "email", true)}
        {field("phone", "Telefon (optional)", "tel", "tel")}
      </div>
      {contact?.isDefault ? null : (
        <label className="checkbox">
          <input type="checkbox" name="isDefault" /> Als Standardkontakt für neue Pressemitteilungen verwenden
        </label>
      )}
      <FormActions>
        <Button type="submit" variant="secondary" disabled={pending}>
          {contact ? "Kontakt speichern" : "Kontakt hinzufügen"}
        </Button>
      </FormActions>
    </form>
  );
}

/** Press contacts: several, one default that presets a new release's contact block. */
export function PressContacts({
  contacts,
  canEdit,
  add,
}: {
  /** Each contact with its own bound server actions (a server component cannot hand over a factory). */
  contacts: (PressContactView & { save: Action; remove: Action; makeDefault: Action })[];
  canEdit: boolean;
  add: Action;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div>
      {contacts.length ? (
        <ul className="contact-list">
          {contacts.map((c) => (
            <li key={c.id} className="contact-item">
              {editing === c.id ? (
                <>
                  <ContactForm contact={c} save={c.save} onDone={() => setEditing(null)} formId={`contact-${c.id}`} />
                  <Button type="button" variant="link" onClick={() => setEditing(null)}>
                    Abbrechen
                  </Button>
                </>
              ) : (
                <>
                  <p>
                    <strong>{c.name}</strong>
                    {c.role ? <span className="meta"> · {c.role}</span> : null}
                    {c.isDefault ? <Badge className={styles.defaultBadge}>Standard</Badge> : null}
                    <br />
                    <a href={`mailto:${c.email}`}>{c.email}</a>
                    {c.phone ? <span className="meta"> · {c.phone}</span> : null}
                  </p>
                  {canEdit ? (
                    <FormActions spacing="compact">
                      <Button type="button" variant="secondary" onClick={() => setEditing(c.id)} aria-label={`${c.name} bearbeiten`}>
                        Bearbeiten
                      </Button>
                      {c.isDefault ? null : <ActionButton action={c.makeDefault} label="Als Standard" />}
                      <ActionButton
                        action={c.remove}
                        label="Entfernen"
                        variant="danger-quiet"
                        confirmText={{
                          title: `Pressekontakt ${c.name} entfernen?`,
                          consequence:
                            "Neue Pressemitteilungen können ihn nicht mehr nennen; veröffentlichte behalten den Kontakt, mit dem sie erschienen sind.",
                          confirmLabel: "Entfernen",
                        }}
                      />
                    </FormActions>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">Noch kein Pressekontakt.</p>
      )}
      {canEdit ? (
        <details className="panel">
          <summary>Pressekontakt hinzufügen</summary>
          <ContactForm save={add} formId="contact-new" />
        </details>
      ) : null}
    </div>
  );
}
