import type { Metadata } from "next";
import { EmailChangeForm } from "@/components/security/email-change-form";
import { IdentityProofProvider } from "@/components/security/identity-proof-fields";
import { PasskeyAddForm } from "@/components/security/passkey-add-form";
import { PasskeyList } from "@/components/security/passkey-list";
import { PasswordForm } from "@/components/security/password-form";
import { TwoFactorPanel } from "@/components/security/two-factor-panel";
import { ActionButton } from "@/components/ui/action-button";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { LinkButton } from "@/components/ui/link-button";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Table } from "@/components/ui/table";
import { listApiTokens } from "@/lib/domains/api-tokens/tokens";
import { freshProofFor, proofKindsFor, type ProofAccount, type ProofPurpose } from "@/lib/domains/accounts/identity-proof";
import { listPasskeys } from "@/lib/domains/accounts/passkeys";
import { getTwoFactorStatus } from "@/lib/domains/accounts/two-factor";
import { requireUser } from "@/lib/domains/auth/session";
import { listSessions } from "@/lib/domains/auth/sessions/sign-out-other-devices";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { db } from "@/lib/core/db/client";
import {
  beginTwoFactorSetup,
  cancelEmailChangeAction,
  changeOwnPassword,
  confirmTwoFactorSetup,
  deletePasskeyAction,
  finishPasskeyRegistration,
  manageTwoFactor,
  renamePasskeyAction,
  requestEmailChangeAction,
  sendProofCode,
  signOutOthers,
  startPasskeyProof,
  startPasskeyRegistration,
} from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sicherheit" };

const LOGIN_METHODS: Record<string, string> = {
  password: "Passwort",
  login_link: "Anmeldelink",
  third_party: "Drittanbieter-Konto",
  passkey: "Passkey",
  impersonation: "Support-Zugang",
};

// The security page (spec 4.3): password, devices, two-factor, passkeys, API tokens, address.
export default async function SecurityPage() {
  const { user, session } = await requireUser();
  const [account, sessions, twoFactor, passkeys, tokens] = await Promise.all([
    // Only what the page shows; the hash is reduced to "has one" right here.
    db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true, pendingEmail: true, pendingEmailExpiresAt: true } }),
    listSessions(user.id),
    getTwoFactorStatus(user.id),
    listPasskeys(user.id),
    listApiTokens(user.id),
  ]);
  const hasPassword = account.passwordHash !== null;
  const proofAccount: ProofAccount = {
    hasTotp: twoFactor.enabled,
    hasPassword,
    hasPasskey: passkeys.length > 0,
    isStaff: user.staffRole !== "user",
  };
  // A proof the session gave minutes ago counts for an action only if the action accepts its kind.
  const kinds = (purpose: ProofPurpose) => proofKindsFor(purpose, proofAccount);
  const fresh = (purpose: ProofPurpose) => freshProofFor(session, kinds(purpose)) !== null;
  const impersonating = session.impersonatorUserId !== null;
  const now = new Date();
  const pending =
    account.pendingEmail && account.pendingEmailExpiresAt && account.pendingEmailExpiresAt > now
      ? { email: account.pendingEmail, until: account.pendingEmailExpiresAt }
      : null;
  const activeTokens = tokens.tokens.filter((t) => !t.expired).length;

  return (
    <IdentityProofProvider sendEmailCode={sendProofCode} passkeyOptions={startPasskeyProof}>
      <PageHeader title="Sicherheit" description="Hier verwalten Sie, wie Sie sich anmelden und wer mit Ihrem Konto angemeldet ist." />

      <section className="panel" aria-labelledby="security-password">
        <h2 id="security-password">Passwort</h2>
        <PasswordForm
          hasPassword={hasPassword}
          proofKinds={kinds("set_first_password")}
          fresh={fresh("set_first_password")}
          action={changeOwnPassword}
        />
      </section>

      <section className="panel" aria-labelledby="security-sessions">
        <h2 id="security-sessions">Angemeldete Geräte</h2>
        <Table aria-label="Angemeldete Geräte">
          <thead>
            <tr>
              <th scope="col">Gerät</th>
              <th scope="col">Angemeldet über</th>
              <th scope="col">Angemeldet seit</th>
              <th scope="col">Zuletzt aktiv</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id} aria-current={s.id === session.id ? "true" : undefined}>
                <td>
                  {s.userAgentShort || "Unbekanntes Gerät"}
                  {s.id === session.id ? <strong> (dieses Gerät)</strong> : null}
                </td>
                <td>{LOGIN_METHODS[s.loginMethod] ?? s.loginMethod}</td>
                <td className="meta">{formatBerlin(s.createdAt)}</td>
                <td className="meta">{formatBerlin(s.lastSeenAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        {impersonating ? (
          <FormActions>
            <Button type="button" variant="secondary" disabled aria-describedby="security-sessions-impersonation">
              Andere Geräte abmelden
            </Button>
            <p className="hint" id="security-sessions-impersonation">
              Nicht verfügbar: Sie sind über den Support-Zugang mit diesem Konto angemeldet. Die Kundin oder der Kunde kann andere Geräte
              selbst abmelden.
            </p>
          </FormActions>
        ) : (
          <FormActions>
            <ActionButton action={signOutOthers} label="Andere Geräte abmelden" />
            <p className="hint">Beendet alle Anmeldungen außer dieser, auch „angemeldet bleiben“ auf anderen Geräten.</p>
          </FormActions>
        )}
      </section>

      <section className="panel" aria-labelledby="security-two-factor">
        <h2 id="security-two-factor">Zwei-Faktor-Anmeldung</h2>
        <TwoFactorPanel
          status={twoFactor}
          setupKinds={kinds("first_two_factor_setup")}
          manageKinds={kinds("disable_two_factor")}
          fresh={fresh("first_two_factor_setup")}
          begin={beginTwoFactorSetup}
          confirm={confirmTwoFactorSetup}
          manage={manageTwoFactor}
        />
      </section>

      <section className="panel" aria-labelledby="security-passkeys">
        <h2 id="security-passkeys">Passkeys</h2>
        <PasskeyList
          passkeys={passkeys}
          rename={renamePasskeyAction}
          remove={deletePasskeyAction}
          removeKinds={kinds("remove_passkey")}
          removeFresh={fresh("remove_passkey")}
        />
        <PasskeyAddForm
          start={startPasskeyRegistration}
          finish={finishPasskeyRegistration}
          kinds={kinds("add_passkey")}
          fresh={fresh("add_passkey")}
        />
      </section>

      <section className="panel" aria-labelledby="security-tokens">
        <h2 id="security-tokens">API-Tokens</h2>
        <p>
          {activeTokens === 0
            ? "Sie haben keine gültigen API-Tokens."
            : activeTokens === 1
              ? "Sie haben einen gültigen API-Token."
              : `Sie haben ${activeTokens} gültige API-Tokens.`}{" "}
          Ein neuer Token verlangt eine frische Bestätigung Ihrer Identität.
        </p>
        {tokens.accessPaused ? (
          <Notice tone="warning" role="status">
            Der API-Zugang Ihres Kontos ruht, weil keine Buchung mit API-Zugang aktiv ist. Ihre Tokens bleiben erhalten.
          </Notice>
        ) : null}
        <p>
          <LinkButton variant="secondary" href="/dashboard/tokens">
            API-Tokens verwalten
          </LinkButton>
        </p>
      </section>

      <section className="panel" aria-labelledby="security-email">
        <h2 id="security-email">E-Mail-Adresse</h2>
        <p>
          Ihre E-Mail-Adresse: <strong data-testid="current-email">{user.email}</strong>
        </p>
        {pending ? (
          <Notice tone="warning" role="status">
            <p>
              Ausstehende Änderung auf <strong data-testid="pending-email">{pending.email}</strong>. Wir haben einen Bestätigungslink an
              diese Adresse geschickt; er gilt bis {formatBerlin(pending.until)}. Bis zur Bestätigung bleibt {user.email} Ihre Adresse.
            </p>
            <ActionButton action={cancelEmailChangeAction} label="Änderung abbrechen" />
          </Notice>
        ) : null}
        <EmailChangeForm kinds={kinds("email_change")} fresh={fresh("email_change")} action={requestEmailChangeAction} />
      </section>
    </IdentityProofProvider>
  );
}
