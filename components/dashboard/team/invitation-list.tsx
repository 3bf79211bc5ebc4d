import { ActionButton } from "@/components/ui/action-button";
import { FormActions } from "@/components/ui/form-actions";
import { Table } from "@/components/ui/table";
import type { PendingTeamInvitation } from "@/lib/domains/companies/team";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { ActionResult } from "@/lib/core/forms/action-result";

type InvitationAction = (invitationId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/** Pending invitations with their address, role and validity; each can be sent again or withdrawn. */
export function InvitationList({
  invitations,
  roleLabels,
  resend,
  revoke,
}: {
  invitations: PendingTeamInvitation[];
  roleLabels: Record<string, string>;
  resend: InvitationAction;
  revoke: InvitationAction;
}) {
  if (!invitations.length) return <p className="empty">Keine offenen Einladungen.</p>;
  return (
    <Table caption="Offene Einladungen">
      <thead>
        <tr>
          <th scope="col">Adresse</th>
          <th scope="col">Rolle</th>
          <th scope="col">Gültig bis</th>
          <th scope="col">
            <span className="visually-hidden">Aktionen</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invitations.map((i) => (
          <tr key={i.id}>
            <td>{i.email}</td>
            <td>{roleLabels[i.role]}</td>
            <td>
              {formatBerlin(i.expiresAt)}
              {i.isExpired ? <strong> (abgelaufen)</strong> : null}
            </td>
            <td>
              <FormActions spacing="compact">
                <ActionButton action={resend.bind(null, i.id)} label="Erneut senden" />
                <ActionButton
                  action={revoke.bind(null, i.id)}
                  label="Widerrufen"
                  variant="danger-quiet"
                  confirmText={{
                    title: `Einladung an ${i.email} widerrufen?`,
                    consequence: "Der Link in der E-Mail funktioniert dann nicht mehr.",
                    confirmLabel: "Widerrufen",
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
