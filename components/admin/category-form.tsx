"use client";

import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { useHydrated } from "@/components/ui/use-hydrated";
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX } from "@/lib/domains/categories/category-limits";
import type { ActionResult } from "@/lib/core/forms/action-result";

type Field = "nameDe" | "nameEn" | "descriptionDe" | "descriptionEn";

export interface CategoryFormValues {
  nameDe: string;
  nameEn: string;
  descriptionDe: string;
  descriptionEn: string;
  isActive: boolean;
  /** The version the editor sees (updated_at, ISO): a save over a newer one is refused. */
  updatedAt: string;
}

/**
 * The edit form of one category. Fields are controlled so a refused save keeps what was typed;
 * an empty description may take the composed suggestion (the text categories:seed-descriptions
 * would write) with one click. The server checks everything again.
 */
export function CategoryForm({
  action,
  initial,
  suggestions,
}: {
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  initial: CategoryFormValues;
  suggestions: { descriptionDe: string; descriptionEn: string };
}) {
  const [values, setValues] = useState(initial);
  const [result, formAction, pending] = useActionState(action, null);
  const hydrated = useHydrated();
  const issue = (f: Field) => (!pending ? result?.issues?.[f] : undefined);
  const set = (f: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));

  const name = (f: "nameDe" | "nameEn", label: string) => (
    <Field id={`category-${f}`} label={label} issue={issue(f)}>
      <input
        id={`category-${f}`}
        name={f}
        type="text"
        required
        maxLength={CATEGORY_NAME_MAX}
        value={values[f]}
        onChange={set(f)}
        {...describedBy(`category-${f}`, issue(f))}
      />
    </Field>
  );

  const description = (f: "descriptionDe" | "descriptionEn", label: string, lang: "de" | "en") => (
    <Field
      id={`category-${f}`}
      label={label}
      issue={issue(f)}
      hint={
        <>
          {values[f].length}/{CATEGORY_DESCRIPTION_MAX} Zeichen. Steht als Einleitung auf der Kategorieseite und als ihre Beschreibung für
          Suchmaschinen; leer: keine.
          {!values[f].trim() && hydrated ? (
            <>
              {" "}
              <Button type="button" variant="link" onClick={() => setValues((v) => ({ ...v, [f]: suggestions[f] }))}>
                Vorschlag einsetzen
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <textarea
        id={`category-${f}`}
        name={f}
        lang={lang}
        rows={4}
        maxLength={CATEGORY_DESCRIPTION_MAX}
        value={values[f]}
        onChange={set(f)}
        {...describedBy(`category-${f}`, issue(f), true)}
      />
    </Field>
  );

  return (
    <form action={formAction} className="form" aria-label="Kategorie bearbeiten">
      <input type="hidden" name="expectedUpdatedAt" value={initial.updatedAt} />
      <div className="form-grid">
        {name("nameDe", "Name (Deutsch)")}
        {name("nameEn", "Name (Englisch)")}
      </div>
      {description("descriptionDe", "Beschreibung (Deutsch)", "de")}
      {description("descriptionEn", "Beschreibung (Englisch)", "en")}
      <label className="checkbox">
        <input
          id="category-isActive"
          type="checkbox"
          name="isActive"
          value="1"
          checked={values.isActive}
          onChange={(e) => setValues((v) => ({ ...v, isActive: e.target.checked }))}
        />
        Aktiv: Die Kategorie erscheint auf dem Portal, im Formular der Kundinnen und Kunden und in der API.
      </label>
      <FormMessage result={result} />
      <FormActions spacing="flush">
        <Button type="submit" disabled={pending}>
          Speichern
        </Button>
      </FormActions>
    </form>
  );
}
