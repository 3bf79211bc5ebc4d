"use client";

import Link from "next/link";
import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import { Table } from "@/components/ui/table";
import type { MergePreviewResult, PreviewOutcome } from "@/lib/adapters/admin/company-actions";
import type { AdminCompanyDetail } from "@/lib/adapters/admin/company-detail";
import type { MergeRefusal } from "@/lib/domains/companies/merge/merge-companies";
import type { RowCounts } from "@/lib/domains/companies/merge/move-company-rows";
import { PORTAL_LABEL } from "./release-labels";

// The merge preview of /admin/companies/[id] (spec 4.7 companies:merge): what a merge would
// move, computed by the merge itself as a dry run. The dry run locks both newsrooms, so it runs
// only when the editor asks for it (a POST of these forms), never on a page view. The merge
// itself runs on the console.

const REFUSALS: Record<MergeRefusal, string> = {
  same_company: "Ein Newsroom kann nicht mit sich selbst zusammengeführt werden.",
  deleted: "Einer der beiden Newsrooms ist gelöscht.",
  gone: "Einer der beiden Newsrooms ist aus den Portalen genommen. Heben Sie die Entfernung zuerst auf.",
  already_merged: "Einer der beiden Newsrooms ist bereits in einen anderen zusammengeführt.",
  has_merged_companies:
    "In den aufzunehmenden Newsroom wurden schon andere zusammengeführt. Führen Sie diese direkt zusammen oder heben Sie das zuerst auf.",
  different_email:
    "Die Firmen-E-Mail-Adressen unterscheiden sich. Die Konsole führt solche Newsrooms nur mit der Option „force-different-email“ zusammen.",
  slug_collision:
    "Der Slug des bleibenden Newsrooms ist auf dem anderen Portal vergeben; er kann dann nicht auf beiden Portalen erscheinen. Ändern Sie zuerst einen der Slugs.",
};

const ROWS: [keyof RowCounts, string][] = [
  ["memberships", "Mitgliedschaften, die wechseln"],
  ["membershipsJoined", "Mitgliedschaften, die zusammenfallen (höhere Rolle bleibt)"],
  ["releases", "Pressemitteilungen"],
  ["contacts", "Pressekontakte"],
  ["invitations", "Einladungen"],
  ["boosts", "Boosts"],
  ["slugRedirects", "Weiterleitungen alter Adressen"],
  ["autoGrantBlocks", "Entfernte oder abgelehnte Adressen (bleiben außen vor)"],
];

const FIELD_LABEL: Record<string, string> = {
  descriptionDe: "Beschreibung (Deutsch)",
  descriptionEn: "Beschreibung (Englisch)",
  website: "Website",
  addressStreet: "Straße",
  addressPostalCode: "PLZ",
  addressCity: "Ort",
  addressCountry: "Land",
  logoPath: "Logo",
  email: "Firmen-E-Mail",
};

type PreviewAction = (prev: MergePreviewResult | null, form: FormData) => Promise<MergePreviewResult>;

/**
 * Choose the other newsroom (the ones with the same company e-mail, or any by its number, filled
 * in from a link of the similar-addresses screen) and which one stays; the preview appears below. Two forms, so Enter in the number field asks for
 * the typed number and not for the first candidate.
 */
export function CompanyMergePanel({
  candidates,
  action,
  initialOther = "",
}: {
  candidates: AdminCompanyDetail["mergeCandidates"];
  action: PreviewAction;
  initialOther?: string;
}) {
  const [result, formAction, pending] = useActionState(action, null);
  const [other, setOther] = useState(initialOther);
  const [direction, setDirection] = useState("aufnehmen");
  return (
    <>
      {candidates.length ? (
        <form action={formAction} aria-label="Newsrooms mit derselben Firmen-E-Mail">
          <ul>
            {candidates.map((c) => (
              <li key={c.id}>
                <Link href={`/admin/companies/${c.id}`}>{c.name}</Link>{" "}
                <span className="meta">
                  (Nr. {c.id}, {PORTAL_LABEL[c.portal]}
                  {c.goneAt ? ", entfernt" : ""})
                </span>
                :{" "}
                <Button type="submit" variant="link" name="auswahl" value={`${c.id}:aufnehmen`}>
                  Vorschau: hier aufnehmen<span className="visually-hidden"> ({c.name})</span>
                </Button>
                {" · "}
                <Button type="submit" variant="link" name="auswahl" value={`${c.id}:abgeben`}>
                  Vorschau: dort aufgehen<span className="visually-hidden"> ({c.name})</span>
                </Button>
              </li>
            ))}
          </ul>
        </form>
      ) : (
        <p className="meta">Kein anderer Newsroom hat dieselbe Firmen-E-Mail-Adresse.</p>
      )}
      <form action={formAction} className="admin-filter" aria-label="Vorschau mit einem anderen Newsroom">
        <Field id="merge-other" label="Anderer Newsroom (Nr.)">
          <input
            id="merge-other"
            name="zusammenfuehren"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            size={10}
            value={other}
            onChange={(e) => setOther(e.target.value)}
          />
        </Field>
        <Field id="merge-direction" label="Welcher bleibt?">
          <select id="merge-direction" name="richtung" value={direction} onChange={(e) => setDirection(e.target.value)}>
            <option value="aufnehmen">dieser Newsroom bleibt</option>
            <option value="abgeben">der andere Newsroom bleibt</option>
          </select>
        </Field>
        <FormActions spacing="flush">
          <Button type="submit" variant="secondary" disabled={pending}>
            Vorschau zeigen
          </Button>
        </FormActions>
      </form>
      <div aria-live="polite">
        {pending ? <p className="meta">Die Vorschau wird berechnet …</p> : null}
        {!pending && result && !result.ok ? <Notice tone="error">{result.message}</Notice> : null}
        {!pending && result?.ok ? <CompanyMergePreview outcome={result.preview.outcome} names={result.preview.names} /> : null}
      </div>
    </>
  );
}

export function CompanyMergePreview({ outcome, names }: { outcome: PreviewOutcome; names: { survivor: string; merged: string } }) {
  if (outcome.kind === "refused") return <Notice tone="error">Nicht möglich: {REFUSALS[outcome.reason]}</Notice>;
  return (
    <div className="admin-merge-preview">
      <p>
        Vorschau: <strong>{names.merged}</strong> (Nr. {outcome.mergedId}) ginge in <strong>{names.survivor}</strong> (Nr.{" "}
        {outcome.survivorId}) auf. Es wurde nichts geändert.
      </p>
      <Table caption="Was die Zusammenführung verschieben würde" compact>
        <tbody>
          {ROWS.map(([key, label]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td>{outcome.rows[key]}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Credits</th>
            <td>{outcome.creditsMoved}</td>
          </tr>
          <tr>
            <th scope="row">Portal</th>
            <td>{outcome.portal ? `${PORTAL_LABEL[outcome.portal.from]} → ${PORTAL_LABEL[outcome.portal.to]}` : "unverändert"}</td>
          </tr>
          <tr>
            <th scope="row">Ergänzte leere Angaben</th>
            <td>{outcome.fillIns.length ? outcome.fillIns.map((f) => FIELD_LABEL[f.field] ?? f.field).join(", ") : "keine"}</td>
          </tr>
          <tr>
            <th scope="row">Aufgezeichnete Änderungen</th>
            <td>{outcome.moves}</td>
          </tr>
        </tbody>
      </Table>
      <p className="meta">
        Ausführen auf der Konsole: <code>{`npm run cli -- companies:merge ${outcome.survivorId} ${outcome.mergedId}`}</code>. Jede Änderung
        wird aufgezeichnet;
        <code> companies:unmerge</code> mit der ausgegebenen Nummer macht sie rückgängig.
      </p>
    </div>
  );
}
