import type { ReactNode } from "react";
import { adminHomeFor } from "@/lib/domains/accounts/admin-screens";
import { requireUser } from "@/lib/domains/auth/session";
import { HubHeader, type SignedInArea } from "./hub-header";
import { ImpersonationBanner } from "./impersonation-banner";
import { SiteFooter } from "./site-header";

/** The frame of every signed-in hub area (dashboard, admin): the user's header, the impersonation banner while staff act as the customer, and the footer. */
export async function SignedInShell({
  area,
  children,
  logout,
  endImpersonation,
}: {
  area: SignedInArea;
  children: ReactNode;
  logout: () => Promise<void>;
  endImpersonation: () => Promise<void>;
}) {
  const { user, session } = await requireUser();
  return (
    <>
      {session.impersonatorUserId !== null ? (
        <ImpersonationBanner name={user.name} email={user.email} until={session.expiresAt} end={endImpersonation} />
      ) : null}
      <HubHeader area={area} userName={user.name} adminHome={adminHomeFor(user)} logout={logout} />
      <main id="main" className="wrap wrap-wide">
        {children}
      </main>
      <SiteFooter wide>© Pressdesk</SiteFooter>
    </>
  );
}
