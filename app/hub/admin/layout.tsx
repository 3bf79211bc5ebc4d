import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AdminNav } from "@/components/admin/admin-nav";
import { SignedInShell } from "@/components/ui/signed-in-shell";
import { navBadgesOf, waitingWorkFor } from "@/lib/adapters/admin/waiting-work";
import { ADMIN_START, adminNavFor } from "@/lib/domains/accounts/admin-screens";
import { needsStrongAdminConfirmation, requireUser } from "@/lib/domains/auth/session";
import { logout } from "../login/actions";
import { endImpersonationAction } from "../impersonation/actions";

export const metadata: Metadata = { robots: { index: false } };

// Signed-in only; each admin page demands its own permission (requireAdmin with its entry in
// ADMIN_SCREENS), answered by forbidden.tsx. The navigation lists only what this person may open,
// with the count of what waits behind each screen (as of this layout's render: a decision's server
// action renders it again), and nothing before the area is confirmed. The confirmation page lives
// outside this layout (app/hub/(admin-entry)), so this one renders afresh once it succeeds.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await requireUser();
  const groups = adminNavFor(session.user);
  const confirmed = groups.length > 0 && !needsStrongAdminConfirmation(session);
  const badges = confirmed ? navBadgesOf(await waitingWorkFor(session.user)) : {};
  return (
    <SignedInShell area="admin" logout={logout} endImpersonation={endImpersonationAction}>
      {confirmed ? (
        <div className="admin-frame">
          <AdminNav start={ADMIN_START} groups={groups} badges={badges} />
          <div className="admin-content">{children}</div>
        </div>
      ) : (
        children
      )}
    </SignedInShell>
  );
}
