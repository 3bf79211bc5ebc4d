import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SignedInShell } from "@/components/ui/signed-in-shell";
import { logout } from "../login/actions";
import { endImpersonationAction } from "../impersonation/actions";

export const metadata: Metadata = { robots: { index: false } };

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <SignedInShell area="customer" logout={logout} endImpersonation={endImpersonationAction}>
      {children}
    </SignedInShell>
  );
}
