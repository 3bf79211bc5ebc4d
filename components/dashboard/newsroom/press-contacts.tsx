"use client";

import { useActionState, useState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { ActionButton } from "@/components/ui/action-button";
import type { ActionResult } from "@/lib/forms/action-result";

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
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} name={name} type={type} autoComplete={autoComplete} defaultValue={contact?.[name] ?? ""} required={required} aria-invalid={issue ? true : undefined} aria-describedby={issue ? `${id}-issue` : undefined} />
        {issue ? <p className="issue" id={`${id}-issue`}>{issue}</p> : null}
      </div>
    );
  };
  return (
    <form action={formAction} className="form contact-form" aria-label={contact ? `Pressekontakt ${contact.name} bearbeiten` : "Pressekontakt hinzufügen"}>
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
      <div className="button-row">
        <button type="submit" className="button secondary" disabled={pending}>{contact ? "Kontakt speichern" : "Kontakt hinzufügen"}</button>
      </div>
    </form>
  );
}

/** Press contacts: several, one default that presets a new release's contact block. */
export function PressContacts({ contacts, canEdit, add }: {
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
                  <button type="button" className="link-button" onClick={() => setEditing(null)}>Abbrechen</button>
                </>
              ) : (
                <>
                  <p>
                    <strong>{c.name}</strong>
                    {c.role ? <span className="meta"> · {c.role}</span> : null}
                    {c.isDefault ? <span className="badge">Standard</span> : null}
                    <br />
                    <a href={`mailto:${c.email}`}>{c.email}</a>
                    {c.phone ? <span className="meta"> · {c.phone}</span> : null}
                  </p>
                  {canEdit ? (
                    <div className="button-row compact">
                      <button type="button" className="button secondary" onClick={() => setEditing(c.id)} aria-label={`${c.name} bearbeiten`}>Bearbeiten</button>
                      {c.isDefault ? null : <ActionButton action={c.makeDefault} label="Als Standard" />}
                      <ActionButton action={c.remove} label="Entfernen" variant="danger" confirmText={`Pressekontakt ${c.name} entfernen?`} />
                    </div>
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
