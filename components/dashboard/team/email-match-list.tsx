"use client";

import { ActionButton } from "@/components/ui/action-button";
import { FormActions } from "@/components/ui/form-actions";
import { Table } from "@/components/ui/table";
import type { OpenEmailMatch } from "@/lib/domains/companies/team";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { RoleForm, type RoleOption } from "./role-form";

type MatchAction = (matchId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

const MATCHED_ON: Record<OpenEmailMatch["matchedOn"], string> = { company: "Firmen-E-Mail des Newsrooms", contact: "Pressekontakt" };

/**
 * Addresses of the newsroom or its press contacts that an account has (docs/newsrooms.md): only
 * the address is shown, never who holds it. Nobody joins by the address alone: the owner invites
 * it with a role (the ordinary invitation, which the person accepts) or declines, and the
 * address is not offered again.
 */
export function EmailMatchList({
  matches,
  roleOptions,
  invite,
  decline,
}: {
  matches: OpenEmailMatch[];
  roleOptions: RoleOption[];
  invite: MatchAction;
  decline: MatchAction;
}) {
  if (!matches.length) return <p className="empty">Keine offenen Vorschläge.</p>;
  return (
    <Table caption="Adressen des Newsrooms oder eines Pressekontakts, zu denen es ein Konto gibt">
      <thead>
        <tr>
          <th scope="col">E-Mail</th>
          <th scope="col">Eingetragen als</th>
          <th scope="col">Gefunden am</th>
          <th scope="col">
            <span className="visually-hidden">Aktionen</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {matches.map((m) => (
          <tr key={m.id}>
            <td>{m.email}</td>
            <td>{MATCHED_ON[m.matchedOn]}</td>
            <td>{formatBerlin(m.foundAt)}</td>
            <td>
              <FormActions spacing="compact">
                <RoleForm
                  action={invite.bind(null, m.id)}
                  current="responsible"
                  label={`${m.email} einladen`}
                  selectLabel={`Rolle für ${m.email}`}
                  submitLabel="Einladen"
                  options={roleOptions}
                />
                <ActionButton
                  action={decline.bind(null, m.id)}
                  label="Ablehnen"
                  variant="danger-quiet"
                  confirmText={{
                    title: `${m.email} nicht einladen?`,
                    consequence: "Die Adresse wird für diesen Newsroom nicht wieder vorgeschlagen.",
                    confirmLabel: "Ablehnen",
                  }}
                />
              </FormActions>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
