import { getConfig } from "@/lib/core/config";
import type { StaffRole } from "@/lib/domains/accounts/permissions";

// When staff must show a strong factor (spec 5.5), in one place for the request layer
// (lib/domains/auth/session.ts), the sign-in (LoginCompletion) and impersonation. No request is read here.

/** How long a confirmation of the admin area holds; then a passkey or app code again. */
export const ADMIN_CONFIRMATION_HOURS = 12;

/**
 * Whether staff strong factors are demanded at all: `AUTH_REQUIRE_STRONG_ADMIN`. Off is the
 * emergency switch for staff who lost their factor: then neither the admin area nor the sign-in asks for it.
 */
export function strongAdminRequired(): boolean {
  return getConfig().auth.requireStrongAdmin;
}

interface StaffSession {
  user: { staffRole: StaffRole };
  session: { strongAuthAt: Date | null };
}

/** Whether staff must confirm the session with a passkey or app code (spec 5.5): never yet, or over 12 hours ago. */
export function needsStrongAdminConfirmation(s: StaffSession, now = new Date()): boolean {
  if (!strongAdminRequired() || s.user.staffRole === "user") return false;
  return s.session.strongAuthAt === null || now.getTime() - s.session.strongAuthAt.getTime() > ADMIN_CONFIRMATION_HOURS * 3_600_000;
}

/**
 * A staff session confirmed as the admin area demands (or with the emergency switch off): what
 * any staff power over another customer's data needs, whichever route the request comes in by.
 */
export function isConfirmedStaff(s: StaffSession, now = new Date()): boolean {
  return s.user.staffRole !== "user" && !needsStrongAdminConfirmation(s, now);
}
