import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NewsroomTabs } from "@/components/dashboard/newsroom/newsroom-tabs";
import { EmailMatchList } from "@/components/dashboard/team/email-match-list";
import { InvitationList } from "@/components/dashboard/team/invitation-list";
import { InviteForm } from "@/components/dashboard/team/invite-form";
import { MemberList } from "@/components/dashboard/team/member-list";
import { RoleExplanations } from "@/components/dashboard/team/role-explanations";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/domains/auth/session";
import { GRANTED_VIA_LABEL, loadTeam, ROLE_LABEL, roleDescriptions, TeamRefusedError } from "@/lib/domains/companies/team";
import { parseRecordId } from "@/lib/core/input/ids";
import {
  changeRoleAction,
  confirmAutoMemberAction,
  declineEmailMatchAction,
  inviteEmailMatchAction,
  inviteMemberAction,
  leaveNewsroomAction,
  removeMemberAction,
  resendInvitationAction,
  revokeInvitationAction,
} from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Team" };

async function load(userId: number, rawId: string) {
  const companyId = parseRecordId(rawId);
  if (companyId === null) notFound();
  try {
    return await loadTeam({ viewerUserId: userId, companyId });
  } catch (err) {
    // Not a member: the same 404 as a newsroom that does not exist.
    if (err instanceof TeamRefusedError && err.reason === "newsroom_not_found") notFound();
    throw err;
  }
}

export default async function TeamPage({ params }: { params: Promise<{ id: string }> }) {
  const { user } = await requireUser();
  const team = await load(user.id, (await params).id);
  const id = team.companyId;
  const roles = roleDescriptions();
  return (
    <>
      <PageHeader back={{ href: "/dashboard/newsrooms", label: "Alle Newsrooms" }} title={team.name} />
      <NewsroomTabs companyId={id} current="team" />
      <section className="panel" aria-labelledby="members-heading">
        <h2 id="members-heading">Team</h2>
        {team.canManage ? null : (
          <p className="meta">
            {team.viewerRole ? `Ihre Rolle: ${ROLE_LABEL[team.viewerRole]}. ` : ""}Das Team verwalten die Inhaberinnen und Inhaber des
            Newsrooms.
          </p>
        )}
        <MemberList
          members={team.members}
          canManage={team.canManage}
          roleLabels={ROLE_LABEL}
          grantedViaLabels={GRANTED_VIA_LABEL}
          roleOptions={roles.map((r) => ({ role: r.role, label: r.label }))}
          changeRole={changeRoleAction.bind(null, id)}
          remove={removeMemberAction.bind(null, id)}
          confirm={confirmAutoMemberAction.bind(null, id)}
          leave={leaveNewsroomAction.bind(null, id)}
        />
        <p className="meta">
          „Manuell“ hat eine Person entschieden. „Automatisch“ hat früher die Anmeldung vergeben, weil die Adresse der Person die des
          Newsrooms oder eines Pressekontakts ist. Fehlt die Adresse später im Profil, werden diese Personen zu „Mitglied“ herabgestuft.
          Heute nimmt eine Adresse allein niemanden mehr auf.
          {team.canManage && team.members.some((m) => m.isAutoAdded)
            ? " Wer so aufgenommen wurde, ist oben hervorgehoben: Bestätigen Sie die Person, wenn sie bleiben soll, oder entfernen Sie sie."
            : ""}
        </p>
      </section>
      {team.canManage ? (
        <>
          <section className="panel" aria-labelledby="matches-heading">
            <h2 id="matches-heading">Vorschläge aus Ihren Adressen</h2>
            <p className="meta">
              Diese Konten haben die Firmen-E-Mail des Newsrooms oder die Adresse eines Pressekontakts. Aufgenommen wird niemand über die
              Adresse allein: Laden Sie die Person ein (sie nimmt die Einladung selbst an) oder lehnen Sie ab.
            </p>
            <EmailMatchList
              matches={team.emailMatches}
              roleOptions={roles.map((r) => ({ role: r.role, label: r.label }))}
              invite={inviteEmailMatchAction.bind(null, id)}
              decline={declineEmailMatchAction.bind(null, id)}
            />
          </section>
          <section className="panel" aria-labelledby="invitations-heading">
            <h2 id="invitations-heading">Offene Einladungen</h2>
            <InvitationList
              invitations={team.invitations}
              roleLabels={ROLE_LABEL}
              resend={resendInvitationAction.bind(null, id)}
              revoke={revokeInvitationAction.bind(null, id)}
            />
          </section>
          <section className="panel" aria-labelledby="invite-heading">
            <h2 id="invite-heading">Person einladen</h2>
            <InviteForm
              action={inviteMemberAction.bind(null, id)}
              roles={roles.map((r) => ({ role: r.role, label: r.label, explanation: r.explanation }))}
            />
          </section>
        </>
      ) : (
        <details className="panel">
          <summary>Was dürfen die Rollen?</summary>
          <RoleExplanations roles={roles} />
        </details>
      )}
    </>
  );
}
