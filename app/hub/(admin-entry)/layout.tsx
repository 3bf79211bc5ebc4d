import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SignedInShell } from "@/components/ui/signed-in-shell";
import { logout } from "../login/actions";
import { endImpersonationAction } from "../impersonation/actions";

export const metadata: Metadata = { robots: { index: false } };

// The door of the admin area (/admin/confirm): the signed-in frame without the area's navigation,
// so nothing of the area shows before the session is confirmed, and the area's own layout
// (app/hub/admin/layout.tsx) renders afresh once it is.
export default function AdminEntryLayout({ children }: { children: ReactNode }) {
  return (
    <SignedInShell area="admin" logout={logout} endImpersonation={endImpersonationAction}>
      {children}
    </SignedInShell>
  );
}
