import type { Metadata } from "next";
import { EmailChangeForm } from "@/components/security/email-change-form";
import { IdentityProofProvider } from "@/components/security/identity-proof-fields";
import { PasskeyAddForm } from "@/components/security/passkey-add-form";
import { PasskeyList } from "@/components/security/passkey-list";
import { PasswordForm } from "@/components/security/password-form";
import { ProofWindowNotice } from "@/components/security/proof-window-notice";
import { SessionList } from "@/components/security/session-list";
import { SettingDisclosure } from "@/components/security/setting-disclosure";
import { TwoFactorPanel } from "@/components/security/two-factor-panel";
import { ActionButton } from "@/components/ui/action-button";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { LinkButton } from "@/components/ui/link-button";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { listApiTokens } from "@/lib/domains/api-tokens/tokens";
import { freshProofFor, proofKindsFor, type ProofAccount, type ProofPurpose } from "@/lib/domains/accounts/identity-proof";
import { listPasskeys } from "@/lib/domains/accounts/passkeys";
import { passwordChangedAt } from "@/lib/domains/accounts/passwords/password-changed-at";
import { getTwoFactorStatus } from "@/lib/domains/accounts/two-factor";
import { requireUser } from "@/lib/domains/auth/session";
import { listSessions } from "@/lib/domains/auth/sessions/sign-out-other-devices";
import { formatBerlin, formatBerlinDay } from "@/lib/core/time/berlin-time";
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
  signOutSessionAction,
  startPasskeyProof,
  startPasskeyRegistration,
} from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sicherheit" };

// The security page (spec 4.3): password, devices, two-factor, passkeys, API tokens, address.
// Each setting is a line of its state; its form opens on demand and asks for the identity proof
// only if this session has no fresh one its change accepts (freshProofFor, checked again on the server).
export default async function SecurityPage() {
  const { user, session } = await requireUser();
  const [account, sessions, twoFactor, passkeys, tokens, passwordSetAt] = await Promise.all([
    // Only what the page shows; the hash is reduced to "has one" right here.
    db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true, pendingEmail: true, pendingEmailExpiresAt: true } }),
    listSessions(user.id),
    getTwoFactorStatus(user.id),
    listPasskeys(user.id),
    listApiTokens(user.id),
    passwordChangedAt(user.id),
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

      {impersonating ? null : <ProofWindowNotice provedAt={session.identityProvedAt} kind={session.identityProofKind} />}

      <section className="panel" aria-labelledby="security-password">
        <h2 id="security-password">Passwort</h2>
        <SettingDisclosure
          action={hasPassword ? "Ändern" : "Festlegen"}
          state={
            hasPassword
              ? passwordSetAt
                ? `Zuletzt geändert am ${formatBerlinDay(passwordSetAt)}.`
                : "Ein Passwort ist festgelegt."
              : "Kein Passwort festgelegt."
          }
        >
          <PasswordForm
            hasPassword={hasPassword}
            proofKinds={kinds("set_first_password")}
            fresh={fresh("set_first_password")}
            action={changeOwnPassword}
          />
        </SettingDisclosure>
      </section>

      <section className="panel" aria-labelledby="security-sessions">
        <h2 id="security-sessions">Angemeldete Geräte</h2>
        <SessionList sessions={sessions} currentId={session.id} canSignOut={!impersonating} signOutOne={signOutSessionAction} />
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
        ) : sessions.length > 1 ? (
          <FormActions>
            <ActionButton action={signOutOthers} label="Andere Geräte abmelden" />
            <p className="hint">Beendet alle Anmeldungen außer dieser, auch „angemeldet bleiben“ auf anderen Geräten.</p>
          </FormActions>
        ) : (
          <p className="hint">Sie sind nur auf diesem Gerät angemeldet.</p>
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
        <SettingDisclosure
          action="Passkey hinzufügen"
          state={passkeys.length ? "Einen weiteren Passkey hinzufügen, etwa für ein zweites Gerät." : "Ihren ersten Passkey hinzufügen."}
        >
          <PasskeyAddForm
            start={startPasskeyRegistration}
            finish={finishPasskeyRegistration}
            kinds={kinds("add_passkey")}
            fresh={fresh("add_passkey")}
          />
        </SettingDisclosure>
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
        {pending ? (
          <Notice tone="warning" role="status">
            <p>
              Ausstehende Änderung auf <strong data-testid="pending-email">{pending.email}</strong>. Wir haben einen Bestätigungslink an
              diese Adresse geschickt; er gilt bis {formatBerlin(pending.until)}. Bis zur Bestätigung bleibt {user.email} Ihre Adresse.
            </p>
            <ActionButton action={cancelEmailChangeAction} label="Änderung abbrechen" />
          </Notice>
        ) : null}
        <SettingDisclosure
          action="Ändern"
          state={
            <>
              Ihre E-Mail-Adresse: <strong data-testid="current-email">{user.email}</strong>
            </>
          }
        >
          <EmailChangeForm kinds={kinds("email_change")} fresh={fresh("email_change")} action={requestEmailChangeAction} />
        </SettingDisclosure>
      </section>
    </IdentityProofProvider>
  );
}
