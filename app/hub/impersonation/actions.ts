"use server";

import { redirect } from "next/navigation";
import { leaveImpersonationInBrowser } from "@/lib/domains/auth/impersonation/browser-cookies";

/**
 * "Beenden" in the support-access banner, "back to the admin area" on the sign-in page after the
 * time limit, and sign-out during an impersonation: ends it and returns (lib/core/errors).
 */
export async function endImpersonationAction(): Promise<void> {
  redirect(await leaveImpersonationInBrowser());
}
