// The newsroom team (spec 2.2): invitations, roles, removal and leaving, with the last owner rule.
export { acceptInvitation, type AcceptInvitationOptions } from "./accept-invitation";
export { changeMemberRole, type ChangeMemberRoleOptions } from "./change-member-role";
export { findInvitationByToken, type PendingInvitation } from "./find-invitation";
export { invitationUrl } from "./invitation-links";
export { inviteMember, type InviteMemberOptions, type SentInvitation } from "./invite-member";
export { invitationForRegistration, joinAfterRegistration } from "./join-after-registration";
export { joinByInvitation, type AcceptedInvitation } from "./join-by-invitation";
export { leaveNewsroom, type LeaveNewsroomOptions } from "./leave-newsroom";
export { loadTeam, type PendingTeamInvitation, type Team, type TeamMember } from "./load-team";
export { TeamRefusedError, type TeamRefusal } from "./refusals";
export { removeMember, type RemoveMemberOptions } from "./remove-member";
export { resendInvitation, type ResendInvitationOptions } from "./resend-invitation";
export { revokeInvitation, type RevokeInvitationOptions } from "./revoke-invitation";
export { GRANTED_VIA_LABEL, ROLE_LABEL, roleDescriptions, type RoleDescription } from "./role-descriptions";
export { teamFormError } from "./team-form-error";
