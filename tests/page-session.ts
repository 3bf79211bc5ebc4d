import { encode } from "next-auth/jwt";
import { afterEach, beforeAll } from "vitest";
import { openSession } from "@/lib/auth/sessions/start-session";
import { getConfig } from "@/lib/config";

// Pages, routes and server actions run outside Next behind a real session cookie. A test file
// mocks next/headers with `nextHeaders` (vi.mock must stay in the file: it is hoisted there):
//   vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);

let cookie: string | undefined;

/** next/headers as a request that carries the cookie of the last signIn, if any. */
export const nextHeaders = {
  cookies: async () => ({ get: (name: string) => (name === "pd.session" && cookie ? { value: cookie } : undefined) }),
  headers: async () => new Headers(),
};

/** forbidden() on, as next.config.ts (experimental.authInterrupts) has the Next server turn it on; no session after each test. */
export function withPageSession(): void {
  beforeAll(() => {
    process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = "true";
  });
  afterEach(signOut);
}

/** A fully signed-in session (second factor done, strong authentication) for the user. */
export async function signIn(userId: number, ip = "198.51.100.9"): Promise<void> {
  const { token } = await openSession({ userId, method: "password", twoFactorPending: false, strongAuth: true, client: { ip } });
  cookie = await encode({ token: { sid: token }, secret: getConfig().auth.secret });
}

/** The next request comes without a session. */
export function signOut(): void {
  cookie = undefined;
}
