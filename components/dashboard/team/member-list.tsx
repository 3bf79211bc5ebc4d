import { ActionButton } from "@/components/ui/action-button";
import { FormActions } from "@/components/ui/form-actions";
import { Table } from "@/components/ui/table";
import type { TeamMember } from "@/lib/domains/companies/team";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { ActionResult } from "@/lib/core/forms/action-result";
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
  /** Keeps a member the e-mail sync once added by address alone: the row becomes manual. */
  confirm: MemberAction;
  leave: Action;
}

// An address match never brings anyone back (docs/newsrooms.md), but the address stays on the
// public profile until someone takes it out: the confirmation says so.
const RESYNC_HINT = " Die Adresse bleibt als Newsroom-Adresse oder Pressekontakt eingetragen, bis Sie sie im Profil ändern.";
const RESYNC_HINT_SELF = " Ihre Adresse bleibt als Newsroom-Adresse oder Pressekontakt eingetragen, bis jemand sie im Profil ändert.";

/** What owners read about a member the e-mail sync once added by address alone (docs/newsrooms.md). */
const AUTO_ADDED_NOTE = "automatisch über eine Adresse aufgenommen";

/**
 * The team: name, address, role (a select for owners), since when, how the role came about, and
 * what one may do to the row. Someone added by address alone stands out to owners, with
 * "Bestätigen" (they stay, as the owner's decision) beside "Entfernen".
 */
export function MemberList({ members, canManage, roleLabels, grantedViaLabels, roleOptions, changeRole, remove, confirm, leave }: Props) {
  return (
    <Table caption="Mitglieder des Newsrooms">
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
                <RoleForm action={changeRole.bind(null, m.userId)} current={m.role} label={`Rolle von ${m.name}`} options={roleOptions} />
              ) : (
                roleLabels[m.role]
              )}
            </td>
            <td className="meta">{formatBerlin(m.since)}</td>
            <td className="meta">{canManage && m.isAutoAdded ? <strong>{AUTO_ADDED_NOTE}</strong> : grantedViaLabels[m.grantedVia]}</td>
            <td>
              {m.isViewer ? (
                <ActionButton
                  action={leave}
                  label="Newsroom verlassen"
                  variant="danger-quiet"
                  confirmText={{
                    title: "Diesen Newsroom verlassen?",
                    consequence: `Sie verlieren sofort den Zugang; zurück kommen Sie nur mit einer neuen Einladung.${m.matchesNewsroomAddress ? RESYNC_HINT_SELF : ""}`,
                    confirmLabel: "Newsroom verlassen",
                  }}
                />
              ) : canManage ? (
                <FormActions spacing="compact">
                  {m.isAutoAdded ? <ActionButton action={confirm.bind(null, m.userId)} label="Bestätigen" /> : null}
                  <ActionButton
                    action={remove.bind(null, m.userId)}
                    label="Entfernen"
                    variant="danger-quiet"
                    confirmText={{
                      title: `${m.name} aus dem Team entfernen?`,
                      consequence: `Die Person verliert sofort den Zugang; ihre Pressemitteilungen bleiben im Newsroom.${m.matchesNewsroomAddress ? RESYNC_HINT : ""}`,
                      confirmLabel: "Entfernen",
                    }}
                  />
                </FormActions>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
