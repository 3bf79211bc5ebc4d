import { encode } from "next-auth/jwt";
import { afterEach, beforeAll } from "vitest";
import { joinActingContext } from "@/lib/domains/activity/acting-context";
import { openSession } from "@/lib/domains/auth/sessions/start-session";
import { getConfig } from "@/lib/core/config";

// Pages, routes and server actions run outside Next behind a real session cookie. A test file
// mocks next/headers with `nextHeaders` (vi.mock must stay in the file: it is hoisted there):
//   vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);

let cookie: string | undefined;
/** Cookies other than the session's that actions set (the browser would send them back). */
const otherCookies = new Map<string, string>();
/** The options (maxAge, httpOnly, ...) each cookie was last set with. */
const cookieOptions = new Map<string, Record<string, unknown>>();

const cookieValue = (name: string) => (name === "pd.session" ? cookie : otherCookies.get(name));

/** next/headers as a request that carries the cookie of the last signIn, if any, and keeps what actions set. */
export const nextHeaders = {
  cookies: async () => ({
    get: (name: string) => (cookieValue(name) ? { value: cookieValue(name)! } : undefined),
    has: (name: string) => cookieValue(name) !== undefined,
    set: (name: string, value: string, options?: Record<string, unknown>) => {
      cookieOptions.set(name, options ?? {});
      if (name === "pd.session") cookie = value;
      else otherCookies.set(name, value);
    },
    delete: (name: string) => void (name === "pd.session" ? (cookie = undefined) : otherCookies.delete(name)),
  }),
  headers: async () => new Headers(),
};

/** What the browser holds under a cookie's name now. */
export const browserCookie = (name: string): string | undefined => cookieValue(name);

/** The options a cookie was last set with (its maxAge: how long the browser keeps it). */
export const browserCookieOptions = (name: string): Record<string, unknown> | undefined => cookieOptions.get(name);

/** forbidden() on, as next.config.ts (experimental.authInterrupts) has the Next server turn it on; no session after each test. */
export function withPageSession(): void {
  beforeAll(() => {
    process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = "true";
  });
  afterEach(signOut);
}

/** A fully signed-in session (second factor done, strong authentication) for the user. */
export async function signIn(userId: number, ip = "198.51.100.9"): Promise<void> {
  await openPageSession(userId, { strongAuth: true, twoFactorPending: false }, ip);
}

/** A completed session from the password alone: never confirmed by a passkey or app code. */
export async function signInPasswordOnly(userId: number, ip = "198.51.100.9"): Promise<void> {
  await openPageSession(userId, { strongAuth: false, twoFactorPending: false }, ip);
}

async function openPageSession(userId: number, state: { strongAuth: boolean; twoFactorPending: boolean }, ip: string): Promise<void> {
  const { token } = await openSession({ userId, method: "password", ...state, client: { ip } });
  await carrySessionToken(token);
}

async function carrySessionToken(token: string): Promise<void> {
  cookie = await encode({ token: { sid: token }, secret: getConfig().auth.secret });
}

/** The next requests carry the cookie of this session reference (e.g. one a sign-in returned). */
export const useSessionToken = carrySessionToken;

/** The next request comes without a session (and without any cookie an action set). */
export function signOut(): void {
  cookie = undefined;
  otherCookies.clear();
  cookieOptions.clear();
  // A request's acting context ends with it; the next test is another request.
  joinActingContext().impersonatorUserId = null;
}
