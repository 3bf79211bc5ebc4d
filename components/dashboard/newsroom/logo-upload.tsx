"use client";

import { useActionState, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmForm } from "@/components/ui/confirm-dialog";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";

const MAX_BYTES = 5 * 1024 * 1024;

/** Logo upload with the size checked before anything is sent; the server decodes and decides. */
export function LogoUpload({
  logoUrl,
  name,
  canEdit,
  upload,
  remove,
}: {
  logoUrl: string | null;
  name: string;
  canEdit: boolean;
  upload: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  remove: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [result, uploadAction, uploading] = useActionState(upload, null);
  const [removed, removeAction, removing] = useActionState(remove, null);
  const [localIssue, setLocalIssue] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const issue = localIssue ?? result?.issues?.logo ?? null;

  return (
    <div className="logo-upload">
      <div className="logo-frame" aria-hidden={logoUrl ? undefined : true}>
        {logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a stored, already re-encoded file; no optimiser in between
          <img src={logoUrl} alt={`Logo von ${name}`} />
        ) : (
          <span className="logo-placeholder">{name.slice(0, 1).toUpperCase()}</span>
        )}
      </div>
      {canEdit ? (
        <div>
          <form
            action={uploadAction}
            onSubmit={(e) => {
              const file = input.current?.files?.[0];
              const tooBig =
                file && file.size > MAX_BYTES
                  ? `Die Datei ist ${(file.size / 1024 / 1024).toFixed(1)} MB groß; das Logo darf höchstens 5 MB haben.`
                  : null;
              const missing = !file ? "Bitte wählen Sie eine Bilddatei." : null;
              setLocalIssue(tooBig ?? missing);
              if (tooBig || missing) e.preventDefault();
            }}
          >
            <Field
              id="logo"
              label={logoUrl ? "Neues Logo hochladen" : "Logo hochladen"}
              hint="PNG, JPEG oder WebP, höchstens 5 MB, mindestens 32 × 32 Pixel. Wir speichern eine verkleinerte Fassung ohne Metadaten."
              issue={issue ?? undefined}
            >
              <input
                ref={input}
                id="logo"
                name="logo"
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                {...describedBy("logo", issue ?? undefined, true)}
                onChange={() => setLocalIssue(null)}
              />
            </Field>
            <FormActions>
              <Button type="submit" variant="secondary" disabled={uploading}>
                {uploading ? "Wird hochgeladen …" : "Logo speichern"}
              </Button>
            </FormActions>
            {result?.ok ? <FormMessage result={result} /> : null}
          </form>
          {logoUrl ? (
            <ConfirmForm
              action={removeAction}
              confirmText={{
                title: "Logo entfernen?",
                consequence: "Die Portale zeigen den Newsroom danach ohne Logo, bis Sie ein neues hochladen.",
                confirmLabel: "Logo entfernen",
              }}
            >
              <Button type="submit" variant="link" disabled={removing}>
                Logo entfernen
              </Button>
              <FormMessage result={removed} />
            </ConfirmForm>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
