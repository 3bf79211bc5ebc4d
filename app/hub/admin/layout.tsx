import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SignedInShell } from "@/components/ui/signed-in-shell";
import { logout } from "../login/actions";

export const metadata: Metadata = { robots: { index: false } };

// Signed-in only; each admin page demands its own permission (requireAdmin), answered by forbidden.tsx.
export default function AdminLayout({ children }: { children: ReactNode }) {
  return <SignedInShell logout={logout}>{children}</SignedInShell>;
}
