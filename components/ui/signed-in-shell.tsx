import type { ReactNode } from "react";
import { adminHomeFor } from "@/lib/admin/screens";
import { requireUser } from "@/lib/auth/session";
import { HubHeader } from "./hub-header";
import { SiteFooter } from "./site-header";

/** The frame of every signed-in hub area (dashboard, admin): the user's header and the footer. */
export async function SignedInShell({ children, logout }: { children: ReactNode; logout: () => Promise<void> }) {
  const { user } = await requireUser();
  return (
    <>
      <HubHeader userName={user.name} adminHome={adminHomeFor(user)} logout={logout} />
      <main id="main" className="wrap">
        {children}
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
