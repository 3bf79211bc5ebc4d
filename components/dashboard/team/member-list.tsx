import { ActionButton } from "@/components/ui/action-button";
import type { TeamMember } from "@/lib/companies/team";
import { formatBerlin } from "@/lib/dashboard/berlin-time";
import type { ActionResult } from "@/lib/forms/action-result";
import { RoleForm, type RoleOption } from "./role-form";

type MemberAction = (userId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

interface Props {
  members: TeamMember[];
  canManage: boolean;
  roleLabels: Record<string, string>;
  grantedViaLabels: Record<string, string>;
  roleOptions: RoleOption[];
  /** Bound to the newsroom; the list binds each member's id. */
  changeRole: MemberAction;
  remove: MemberAction;
  leave: Action;
}

// The e-mail sync (spec 5.14) grants `responsible` at login to an address that is the newsroom's
// own or a press contact's: leaving or removing lasts only once that entry is gone.
const RESYNC_HINT = " Die Adresse ist als Newsroom-Adresse oder Pressekontakt eingetragen: Bei der nächsten Anmeldung erhält die Person automatisch wieder die Rolle Verantwortliche/r, solange der Eintrag bleibt.";
const RESYNC_HINT_SELF = " Ihre Adresse ist als Newsroom-Adresse oder Pressekontakt eingetragen: Bei Ihrer nächsten Anmeldung erhalten Sie automatisch wieder die Rolle Verantwortliche/r, solange der Eintrag bleibt.";

/** The team: name, address, role (a select for owners), since when, how the role came about, and what one may do to the row. */
export function MemberList({ members, canManage, roleLabels, grantedViaLabels, roleOptions, changeRole, remove, leave }: Props) {
  return (
    <table className="table team-table">
      <caption className="visually-hidden">Mitglieder des Newsrooms</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">E-Mail</th>
          <th scope="col">Rolle</th>
          <th scope="col">Dabei seit</th>
          <th scope="col">Vergeben</th>
          <th scope="col">
            <span className="visually-hidden">Aktionen</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {members.map((m) => (
          <tr key={m.userId}>
            <td>
              {m.name}
              {m.isViewer ? <span className="meta"> (Sie)</span> : null}
            </td>
            <td>{m.email}</td>
            <td>
              {canManage ? (
                <RoleForm action={changeRole.bind(null, m.userId)} current={m.role} memberName={m.name} options={roleOptions} />
              ) : (
                roleLabels[m.role]
              )}
            </td>
            <td className="meta">{formatBerlin(m.since)}</td>
            <td className="meta">{grantedViaLabels[m.grantedVia]}</td>
            <td>
              {m.isViewer ? (
                <ActionButton
                  action={leave}
                  label="Newsroom verlassen"
                  variant="danger"
                  confirmText={`Diesen Newsroom wirklich verlassen? Sie verlieren sofort den Zugang; zurück kommen Sie nur mit einer neuen Einladung.${m.matchesNewsroomAddress ? RESYNC_HINT_SELF : ""}`}
                />
              ) : canManage ? (
                <ActionButton
                  action={remove.bind(null, m.userId)}
                  label="Entfernen"
                  variant="danger"
                  confirmText={`${m.name} aus dem Team entfernen? Die Person verliert sofort den Zugang; ihre Pressemitteilungen bleiben im Newsroom.${m.matchesNewsroomAddress ? RESYNC_HINT : ""}`}
                />
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
