import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AdminNav } from "@/components/admin/admin-nav";
import { SignedInShell } from "@/components/ui/signed-in-shell";
import { adminNavFor } from "@/lib/domains/accounts/admin-screens";
import { requireUser } from "@/lib/domains/auth/session";
import { logout } from "../login/actions";
import { endImpersonationAction } from "../impersonation/actions";

export const metadata: Metadata = { robots: { index: false } };

// Signed-in only; each admin page demands its own permission (requireAdmin with its entry in
// ADMIN_SCREENS), answered by forbidden.tsx. The navigation lists only what this person may open.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const { user } = await requireUser();
  return (
    <SignedInShell logout={logout} endImpersonation={endImpersonationAction}>
      <div className="admin-frame">
        <AdminNav groups={adminNavFor(user)} />
        <div className="admin-content">{children}</div>
      </div>
    </SignedInShell>
  );
}
