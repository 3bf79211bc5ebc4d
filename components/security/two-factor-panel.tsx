"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { Notice } from "@/components/ui/notice";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import type { QrCodeShape } from "@/lib/domains/accounts/two-factor/qr-code";
import { IdentityProofFields } from "./identity-proof-fields";
import { SettingDisclosure } from "./setting-disclosure";
import type { FormAction, RecoveryCodesState, TotpSetupState } from "./types";
import { useConfirmedSubmit } from "./use-confirmed-submit";
import { useFormAction } from "./use-form-action";
import styles from "./security.module.css";

interface Status {
  enabled: boolean;
  setupPending: boolean;
  unusedRecoveryCodes: number;
}

interface Props {
  status: Status;
  /** Accepted proof kinds for the first setup and for disabling/renewing. */
  setupKinds: ProofKind[];
  manageKinds: ProofKind[];
  /** The session's identity proof is fresh: the first setup asks for none. */
  fresh: boolean;
  begin: FormAction<TotpSetupState>;
  confirm: FormAction<RecoveryCodesState>;
  manage: FormAction<RecoveryCodesState>;
}

/**
 * The authenticator-app (TOTP) section: setup in two steps, then renewing recovery codes or
 * switching off. Recovery codes are held here, above both branches, so the page refresh after
 * the setup (which switches this section to "enabled") does not take them off the screen.
 */
export function TwoFactorPanel({ status, setupKinds, manageKinds, fresh, begin, confirm, manage }: Props) {
  const router = useRouter();
  // A success is lifted up here: it changes the section (setup -> enabled -> setup), which
  // replaces the form that would otherwise have shown it.
  const [outcome, setOutcome] = useState<{ message?: string | undefined; codes?: string[] | undefined } | null>(null);
  const lift =
    (action: FormAction<RecoveryCodesState>): FormAction<RecoveryCodesState> =>
    async (prev, form) => {
      setOutcome(null);
      const result = await action(prev, form);
      if (!result.ok) return result;
      setOutcome({ message: result.message, codes: result.recoveryCodes });
      return { ok: true };
    };

  const beginFresh: FormAction<TotpSetupState> = async (prev, form) => {
    setOutcome(null);
    return begin(prev, form);
  };

  if (outcome?.codes) {
    return (
      <RecoveryCodes
        message={outcome.message}
        codes={outcome.codes}
        onDone={() => {
          setOutcome(null);
          router.refresh();
        }}
      />
    );
  }
  return (
    <>
      {outcome?.message ? <FormMessage result={{ ok: true, message: outcome.message }} /> : null}
      {status.enabled ? (
        <TwoFactorManage unused={status.unusedRecoveryCodes} kinds={manageKinds} action={lift(manage)} />
      ) : (
        <TwoFactorSetup setupPending={status.setupPending} kinds={setupKinds} fresh={fresh} begin={beginFresh} confirm={lift(confirm)} />
      )}
    </>
  );
}

function RecoveryCodes({ message, codes, onDone }: { message?: string | undefined; codes: string[]; onDone: () => void }) {
  return (
    <div className="stack" role="region" aria-labelledby="recovery-codes-heading">
      {message ? <FormMessage result={{ ok: true, message }} /> : null}
      <h3 id="recovery-codes-heading">Ihre Wiederherstellungscodes</h3>
      <Notice tone="warning" role="status">
        Diese Codes werden nur jetzt angezeigt. Bewahren Sie sie sicher auf, zum Beispiel ausgedruckt oder in einem Passwort-Manager. Mit
        jedem Code können Sie sich einmal anmelden, wenn Sie keinen Zugriff auf Ihre Authenticator-App haben.
      </Notice>
      <ol className={`token-once ${styles.codes}`} data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <FormActions>
        <Button type="button" onClick={onDone}>
          Ich habe die Codes gesichert
        </Button>
      </FormActions>
    </div>
  );
}

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function TwoFactorSetup({
  setupPending,
  kinds,
  fresh,
  begin,
  confirm,
}: {
  setupPending: boolean;
  kinds: ProofKind[];
  fresh: boolean;
  begin: FormAction<TotpSetupState>;
  confirm: FormAction<RecoveryCodesState>;
}) {
  const [started, beginAction, beginPending] = useFormAction(begin);
  const [confirmed, confirmAction, confirmPending] = useFormAction(confirm);
  const setup = started?.setup;

  if (!setup) {
    return (
      <>
        {setupPending ? <p className="hint">Eine begonnene Einrichtung wurde nicht abgeschlossen. Beginnen Sie einfach neu.</p> : null}
        <SettingDisclosure
          action="Einrichten"
          state={
            <>
              <strong>Nicht eingerichtet.</strong> Mit der Zwei-Faktor-Anmeldung fragt die Anmeldung zusätzlich nach einem Code aus einer
              Authenticator-App auf Ihrem Telefon.
            </>
          }
        >
          <form
            action={beginAction}
            className={`form ${styles.narrow}`}
            aria-label="Zwei-Faktor-Anmeldung einrichten"
            key={started?.attempt ?? 0}
          >
            <FormMessage result={started} />
            <IdentityProofFields
              id="totp-setup-proof"
              kinds={kinds}
              fresh={fresh && started?.code !== "identity_proof_required"}
              initialKind={started?.proofKind}
              issue={started?.issues?.proof}
            />
            <FormActions>
              <Button type="submit" disabled={beginPending}>
                Zwei-Faktor-Anmeldung einrichten
              </Button>
            </FormActions>
          </form>
        </SettingDisclosure>
      </>
    );
  }

  const issue = confirmed?.issues?.code;
  return (
    <div className="stack">
      <h3>Authenticator-App verbinden</h3>
      <ol>
        <li>
          Öffnen Sie Ihre Authenticator-App, fügen Sie ein Konto hinzu und scannen Sie diesen QR-Code:
          <QrCode qr={setup.qr} />
          Auf diesem Gerät geht es auch direkt über den Link{" "}
          <a href={setup.otpauthUri} data-testid="totp-uri">
            In der Authenticator-App öffnen
          </a>
          .
        </li>
        <li>
          Kein Scan möglich? Dann geben Sie diesen Schlüssel von Hand ein:
          <p className="token-once" data-testid="totp-secret" aria-label="Schlüssel für die Authenticator-App">
            {grouped(setup.secret)}
          </p>
        </li>
        <li>Geben Sie zum Abschluss den sechsstelligen Code ein, den die App anzeigt.</li>
      </ol>
      <form action={confirmAction} className={`form ${styles.narrow}`} aria-label="Einrichtung abschließen" key={confirmed?.attempt ?? 0}>
        <FormMessage result={confirmed} />
        <Field id="totp-confirm-code" label="Bestätigungscode aus der App" issue={issue}>
          <input
            id="totp-confirm-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={16}
            {...describedBy("totp-confirm-code", issue)}
          />
        </Field>
        <FormActions>
          <Button type="submit" disabled={confirmPending}>
            Einrichtung abschließen
          </Button>
        </FormActions>
      </form>
    </div>
  );
}

/** The setup link as a QR code: inline SVG from the server's path data, so no image is fetched. */
function QrCode({ qr }: { qr: QrCodeShape }) {
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label="QR-Code für die Authenticator-App"
      data-testid="totp-qr"
    >
      <path d={qr.path} fill="currentColor" shapeRendering="crispEdges" />
    </svg>
  );
}

const DISABLE_CONFIRM = {
  title: "Zwei-Faktor-Anmeldung ausschalten?",
  consequence:
    "Die Anmeldung fragt danach nicht mehr nach einem Code aus Ihrer Authenticator-App, und Ihre Wiederherstellungscodes gelten nicht mehr.",
  confirmLabel: "Ausschalten",
};

/**
 * Renewing the recovery codes and switching off, each its own form behind its own line: both
 * need a current app or recovery code every time (spec 5.4; the domain checks and spends it),
 * so no earlier proof stands in for it, and the proof is asked once, in the form opened.
 */
function TwoFactorManage({ unused, kinds, action }: { unused: number; kinds: ProofKind[]; action: FormAction<RecoveryCodesState> }) {
  return (
    <>
      <p>
        Die Zwei-Faktor-Anmeldung ist <strong>eingeschaltet</strong>. Die Anmeldung fragt nach einem Code aus Ihrer Authenticator-App.
      </p>
      {unused <= 3 ? (
        <Notice tone="warning">
          <p data-testid="recovery-codes-left">Unbenutzte Wiederherstellungscodes: {unused}. Erzeugen Sie neue, bevor sie ausgehen.</p>
        </Notice>
      ) : (
        <p data-testid="recovery-codes-left">Unbenutzte Wiederherstellungscodes: {unused}</p>
      )}
      <SettingDisclosure state="Neue Wiederherstellungscodes ersetzen alle bisherigen." action="Neue Codes erzeugen">
        <RenewCodesForm kinds={kinds} action={action} />
      </SettingDisclosure>
      <SettingDisclosure state="Die Anmeldung fragt danach nicht mehr nach einem Code aus der App." action="Ausschalten">
        <DisableForm kinds={kinds} action={action} />
      </SettingDisclosure>
    </>
  );
}

const CODE_HINT = "Verlangt einen aktuellen Code aus der App oder einen Wiederherstellungscode.";

function RenewCodesForm({ kinds, action }: { kinds: ProofKind[]; action: FormAction<RecoveryCodesState> }) {
  const [state, formAction, pending] = useFormAction(action);
  return (
    <form
      action={formAction}
      className={`form ${styles.narrow}`}
      aria-label="Neue Wiederherstellungscodes erzeugen"
      key={state?.attempt ?? 0}
    >
      <FormMessage result={state} />
      <input type="hidden" name="intent" value="renew" />
      <p className="hint">{CODE_HINT}</p>
      <IdentityProofFields id="totp-renew-proof" kinds={kinds} initialKind={state?.proofKind} issue={state?.issues?.proof} />
      <FormActions>
        <Button type="submit" variant="secondary" disabled={pending}>
          Neue Wiederherstellungscodes erzeugen
        </Button>
      </FormActions>
    </form>
  );
}

function DisableForm({ kinds, action }: { kinds: ProofKind[]; action: FormAction<RecoveryCodesState> }) {
  const [state, formAction, pending] = useFormAction(action);
  const { onSubmit, confirmDialog, ready } = useConfirmedSubmit(formAction, DISABLE_CONFIRM);
  return (
    <>
      <form
        action={formAction}
        onSubmit={onSubmit}
        className={`form ${styles.narrow}`}
        aria-label="Zwei-Faktor-Anmeldung ausschalten"
        key={state?.attempt ?? 0}
      >
        <FormMessage result={state} />
        <input type="hidden" name="intent" value="disable" />
        <p className="hint">{CODE_HINT}</p>
        <IdentityProofFields id="totp-disable-proof" kinds={kinds} initialKind={state?.proofKind} issue={state?.issues?.proof} />
        <FormActions>
          <Button type="submit" variant="danger-quiet" disabled={pending || !ready}>
            Zwei-Faktor-Anmeldung ausschalten
          </Button>
        </FormActions>
      </form>
      {confirmDialog}
    </>
  );
}
