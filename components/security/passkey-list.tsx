import { FormActions } from "@/components/ui/form-actions";
import { Table } from "@/components/ui/table";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { PasskeyRemoveForm } from "./passkey-remove-form";
import { PasskeyRenameForm } from "./passkey-rename-form";
import type { ProofFormState } from "./types";

export interface PasskeyRow {
  id: number;
  name: string;
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

type IdAction = (passkeyId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
type RemoveAction = (passkeyId: number, prev: ProofFormState | null, form: FormData) => Promise<ProofFormState>;

/** The account's passkeys with rename and remove per row (removal confirmed by a strong factor); never any key material. */
export function PasskeyList({
  passkeys,
  rename,
  remove,
  removeKinds,
  removeFresh,
}: {
  passkeys: PasskeyRow[];
  rename: IdAction;
  remove: RemoveAction;
  removeKinds: ProofKind[];
  removeFresh: boolean;
}) {
  if (!passkeys.length)
    return (
      <p className="empty">
        Sie haben noch keinen Passkey. Mit einem Passkey melden Sie sich ohne Passwort an – per Fingerabdruck, Gesichtserkennung oder
        Sicherheitsschlüssel.
      </p>
    );
  return (
    <Table aria-label="Ihre Passkeys">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Hinzugefügt</th>
          <th scope="col">Zuletzt benutzt</th>
          <th scope="col">Synchronisiert</th>
          <th scope="col">
            <span className="visually-hidden">Aktionen</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {passkeys.map((p) => (
          <tr key={p.id}>
            <td>{p.name}</td>
            <td className="meta">{formatBerlin(p.createdAt)}</td>
            <td className="meta">{p.lastUsedAt ? formatBerlin(p.lastUsedAt) : "noch nie"}</td>
            <td className="meta">{p.backedUp ? "ja" : "nein"}</td>
            <td>
              <FormActions spacing="flush">
                <PasskeyRenameForm id={p.id} name={p.name} action={rename.bind(null, p.id)} />
                <PasskeyRemoveForm id={p.id} name={p.name} action={remove.bind(null, p.id)} kinds={removeKinds} fresh={removeFresh} />
              </FormActions>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
