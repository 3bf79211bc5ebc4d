import { ActionButton } from "@/components/ui/action-button";
import { formatBerlin } from "@/lib/dashboard/berlin-time";
import type { ActionResult } from "@/lib/forms/action-result";
import { PasskeyRenameForm } from "./passkey-rename-form";

export interface PasskeyRow {
  id: number;
  name: string;
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

type IdAction = (passkeyId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/** The account's passkeys with rename and remove per row; never any key material. */
export function PasskeyList({ passkeys, rename, remove }: { passkeys: PasskeyRow[]; rename: IdAction; remove: IdAction }) {
  if (!passkeys.length) return <p className="empty">Sie haben noch keinen Passkey. Mit einem Passkey melden Sie sich ohne Passwort an – per Fingerabdruck, Gesichtserkennung oder Sicherheitsschlüssel.</p>;
  return (
    <table className="table" aria-label="Ihre Passkeys">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Hinzugefügt</th>
          <th scope="col">Zuletzt benutzt</th>
          <th scope="col">Synchronisiert</th>
          <th scope="col">
            <span className="skip-link">Aktionen</span>
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
              <div className="button-row" style={{ margin: 0 }}>
                <PasskeyRenameForm id={p.id} name={p.name} action={rename.bind(null, p.id)} />
                <ActionButton action={remove.bind(null, p.id)} label="Entfernen" variant="danger" confirmText={`Passkey „${p.name}“ entfernen? Mit ihm können Sie sich danach nicht mehr anmelden.`} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
