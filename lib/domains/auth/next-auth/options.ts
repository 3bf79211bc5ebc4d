import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { headers } from "next/headers";
import { oidcProviderSettings, resolveThirdPartyLogin, ThirdPartyLoginRefusedError } from "@/lib/domains/accounts/third-party";
import { getConfig } from "@/lib/core/config";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { completeLogin, LoginNotPossibleError } from "../login/login-completion";
import { AddressNotVerifiedError, LoginRefusedError } from "../login/login-errors";
import { LoginThrottledError } from "@/lib/domains/accounts/passwords/login-failures";
import { signInWithInvitation, signInWithLoginLink } from "../login/login-link-login";
import { RegistrationDetailsError, signUpWithLoginLink } from "../login/login-link-registration";
import { signInWithPasskey } from "../login/passkey-login";
import { signInWithPassword } from "../login/password-login";
import { closeSession, type ClientContext } from "../sessions/start-session";
import { SESSION_MAX_AGE_SECONDS } from "../sessions/session-token";
import { browserBinding } from "./browser-binding";
import { clientContextOf } from "./client-context";
import { SESSION_COOKIE, secureCookies } from "./cookies";
import { LOGIN_ERROR } from "./login-error-codes";
import { reportError, reportSignal } from "@/lib/core/http/problem";

// next-auth is the session layer (docs/authentication.md): its providers are the entry points,
// its encrypted cookie carries one thing, the reference of a `sessions` row. Everything a
// session may do (pending challenge, admin confirmation, identity proof, revocation) lives in
// that row, so it changes without reissuing the cookie and ends when the row goes.

interface SignedInUser extends User {
  sessionToken: string;
}

/** next-auth reports a thrown error's message as `?error=`; these codes are what the forms read. */
async function entryPoint(run: () => Promise<{ userId: number; token: string }>): Promise<SignedInUser> {
  try {
    const { userId, token } = await run();
    return { id: String(userId), sessionToken: token };
  } catch (err) {
    if (err instanceof LoginThrottledError) {
      reportSignal({ name: "throttled", status: 429, route: `login:${err.scope}` });
      throw new Error(err.scope === "account" ? LOGIN_ERROR.slowed : LOGIN_ERROR.throttled);
    }
    if (err instanceof LoginRefusedError || err instanceof LoginNotPossibleError) throw new Error(LOGIN_ERROR.refused);
    if (err instanceof AddressNotVerifiedError) throw new Error(LOGIN_ERROR.addressNotConfirmed);
    if (err instanceof RegistrationDetailsError) throw new Error(LOGIN_ERROR.registrationDetails);
    // next-auth would put the message into the redirect URL: a database error would reach the browser.
    reportError(err, { requestId: crypto.randomUUID() });
    throw new Error(LOGIN_ERROR.unavailable);
  }
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

function credentialProviders() {
  return [
    CredentialsProvider({
      id: "password",
      name: "Password",
      credentials: { email: { type: "email" }, password: { type: "password" } },
      authorize: (c, req) =>
        entryPoint(() =>
          signInWithPassword({
            email: str(c?.email).slice(0, 320),
            password: str(c?.password).slice(0, 1024),
            client: clientContextOf(req.headers ?? {}),
          }),
        ),
    }),
    CredentialsProvider({
      id: "login-link",
      name: "Login link",
      // `purpose: "invitation"` from the invitation page: the link joins a newsroom, then signs in.
      // `purpose: "registration"` from a registration link's page, with the name and the acceptance.
      credentials: { token: { type: "text" }, purpose: { type: "text" }, name: { type: "text" }, acceptTerms: { type: "text" } },
      authorize: (c, req) =>
        entryPoint(async () =>
          str(c?.purpose) === "invitation"
            ? signInWithInvitation({ token: str(c?.token).slice(0, 200), client: clientContextOf(req.headers ?? {}) })
            : str(c?.purpose) === "registration"
              ? signUpWithLoginLink({
                  token: str(c?.token).slice(0, 200),
                  name: str(c?.name).slice(0, 201),
                  acceptTerms: str(c?.acceptTerms) === "1",
                  client: clientContextOf(req.headers ?? {}),
                })
              : signInWithLoginLink({
                  token: str(c?.token).slice(0, 200),
                  client: clientContextOf(req.headers ?? {}),
                  browserSessionBinding: await browserBinding(),
                }),
        ),
    }),
    CredentialsProvider({
      id: "passkey",
      name: "Passkey",
      credentials: { handle: { type: "text" }, response: { type: "text" } },
      authorize: (c, req) =>
        entryPoint(async () => {
          let response;
          try {
            response = JSON.parse(str(c?.response).slice(0, 20_000));
          } catch {
            throw new LoginRefusedError();
          }
          return signInWithPasskey({ handle: str(c?.handle), response, client: clientContextOf(req.headers ?? {}) });
        }),
    }),
  ];
}

function oidcProvider() {
  const settings = oidcProviderSettings();
  if (!settings) return [];
  return [
    {
      id: settings.id,
      name: settings.name,
      type: "oauth" as const,
      wellKnown: `${settings.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      checks: ["pkce" as const, "state" as const],
      profile(p: Record<string, unknown>) {
        return { id: String(p.sub), name: typeof p.name === "string" ? p.name : null, email: typeof p.email === "string" ? p.email : null };
      },
    },
  ];
}

/** Third-party sign-in: the decision is the domain's; a signed-in outcome runs LoginCompletion. */
async function thirdPartySignIn(
  user: User,
  provider: string,
  profile: Record<string, unknown> | undefined,
  client: ClientContext,
): Promise<true | string> {
  try {
    const outcome = await resolveThirdPartyLogin(
      {
        provider,
        providerAccountId: String(profile?.sub ?? user.id),
        email: str(profile?.email),
        emailVerified: profile?.email_verified === true,
        name: str(profile?.name) || null,
        hostedDomain: str(profile?.hd) || null,
      },
      { browserSessionBinding: await browserBinding() },
    );
    if (outcome.kind === "link_confirmation_sent") return `/login?notice=${LOGIN_ERROR.linkSent}`;
    const completed = await completeLogin({ userId: outcome.userId, method: "third_party", client });
    (user as SignedInUser).sessionToken = completed.token;
    return true;
  } catch (err) {
    if (err instanceof ThirdPartyLoginRefusedError)
      return `/login?error=${err.reason === "unverified_email" ? LOGIN_ERROR.unverifiedEmail : LOGIN_ERROR.refused}`;
    if (err instanceof LoginNotPossibleError) return `/login?error=${LOGIN_ERROR.refused}`;
    throw err;
  }
}

let options: NextAuthOptions | undefined;

export function getAuthOptions(): NextAuthOptions {
  // next-auth builds its callback URLs from NEXTAUTH_URL; the hub's configured origin is that.
  process.env.NEXTAUTH_URL ??= `${siteOrigin("hub", getSiteHosts())}/api/auth`;
  return (options ??= {
    secret: getConfig().auth.secret,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: secureCookies(),
    cookies: {
      sessionToken: { name: SESSION_COOKIE, options: { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies() } },
    },
    pages: { signIn: "/login", error: "/login" },
    providers: [...credentialProviders(), ...oidcProvider()],
    callbacks: {
      async signIn({ user, account, profile }) {
        if (account?.type !== "oauth") return true;
        return thirdPartySignIn(user, account.provider, profile as Record<string, unknown> | undefined, clientContextOf(await headers()));
      },
      jwt({ token, user }) {
        // Only at sign-in is `user` present; afterwards the token is passed through unchanged.
        if (user) return { sid: (user as SignedInUser).sessionToken };
        return token;
      },
      // What /api/auth/session tells the browser: nothing about the session reference.
      session({ session }) {
        return { expires: session.expires };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await closeSession(token.sid);
      },
    },
    logger: {
      // next-auth logs errors with their causes; a cause may hold credentials, so only codes go out.
      error: (code) => console.error(`next-auth error ${code}`),
      warn: (code) => console.warn(`next-auth warning ${code}`),
      debug: () => {},
    },
  });
}
