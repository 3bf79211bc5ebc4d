import type { ReactNode } from "react";
import { can } from "@/lib/accounts/permissions";
import { requireUser } from "@/lib/auth/session";
import { HubHeader } from "./hub-header";
import { SiteFooter } from "./site-header";

/** The frame of every signed-in hub area (dashboard, admin): the user's header and the footer. */
export async function SignedInShell({ children, logout }: { children: ReactNode; logout: () => Promise<void> }) {
  const { user } = await requireUser();
  return (
    <>
      <HubHeader userName={user.name} showAdmin={can(user, "press-releases:publish")} showNewsletter={can(user, "users:manage")} showPayments={can(user, "billing:manage")} logout={logout} />
      <main id="main" className="wrap">
        {children}
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
