"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { describedBy, FormField } from "@/components/ui/form-field";
import { FormMessage } from "@/components/ui/form-message";
import type { ProofKind } from "@/lib/accounts/identity-proof";
import { IdentityProofFields } from "./identity-proof-fields";
import type { FormAction, RecoveryCodesState, TotpSetupState } from "./types";
import { useFormAction } from "./use-form-action";

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
      <p className="form-message warning" role="status">
        Diese Codes werden nur jetzt angezeigt. Bewahren Sie sie sicher auf, zum Beispiel ausgedruckt oder in einem Passwort-Manager. Mit jedem Code können Sie sich einmal anmelden, wenn Sie
        keinen Zugriff auf Ihre Authenticator-App haben.
      </p>
      <ol className="token-once" data-testid="recovery-codes" style={{ columns: 2, paddingLeft: "2rem" }}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="button-row">
        <button type="button" className="button" onClick={onDone}>
          Ich habe die Codes gesichert
        </button>
      </div>
    </div>
  );
}

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function TwoFactorSetup({ setupPending, kinds, fresh, begin, confirm }: { setupPending: boolean; kinds: ProofKind[]; fresh: boolean; begin: FormAction<TotpSetupState>; confirm: FormAction<RecoveryCodesState> }) {
  const [started, beginAction, beginPending] = useFormAction(begin);
  const [confirmed, confirmAction, confirmPending] = useFormAction(confirm);
  const setup = started?.setup;

  if (!setup) {
    return (
      <>
        <p>Die Zwei-Faktor-Anmeldung ist nicht eingerichtet. Mit ihr fragt die Anmeldung zusätzlich nach einem Code aus einer Authenticator-App auf Ihrem Telefon.</p>
        {setupPending ? <p className="hint">Eine begonnene Einrichtung wurde nicht abgeschlossen. Beginnen Sie einfach neu.</p> : null}
        <form action={beginAction} className="form" aria-label="Zwei-Faktor-Anmeldung einrichten" key={started?.attempt ?? 0} style={{ maxWidth: "32rem" }}>
          <FormMessage result={started} />
          <IdentityProofFields id="totp-setup-proof" kinds={kinds} fresh={fresh && started?.code !== "identity_proof_required"} initialKind={started?.proofKind} issue={started?.issues?.proof} />
          <div className="button-row">
            <button type="submit" className="button" disabled={beginPending}>
              Zwei-Faktor-Anmeldung einrichten
            </button>
          </div>
        </form>
      </>
    );
  }

  const issue = confirmed?.issues?.code;
  return (
    <div className="stack">
      <h3>Authenticator-App verbinden</h3>
      <ol>
        <li>
          Öffnen Sie Ihre Authenticator-App und fügen Sie ein Konto hinzu. Auf diesem Gerät geht das direkt über den Link{" "}
          <a href={setup.otpauthUri} data-testid="totp-uri">
            In der Authenticator-App öffnen
          </a>
          .
        </li>
        <li>
          Oder geben Sie diesen Schlüssel von Hand ein:
          <p className="token-once" data-testid="totp-secret" aria-label="Schlüssel für die Authenticator-App">
            {grouped(setup.secret)}
          </p>
        </li>
        <li>Geben Sie zum Abschluss den sechsstelligen Code ein, den die App anzeigt.</li>
      </ol>
      <form action={confirmAction} className="form" aria-label="Einrichtung abschließen" key={confirmed?.attempt ?? 0} style={{ maxWidth: "32rem" }}>
        <FormMessage result={confirmed} />
        <FormField id="totp-confirm-code" label="Bestätigungscode aus der App" issue={issue}>
          <input id="totp-confirm-code" name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={16} {...describedBy("totp-confirm-code", issue)} />
        </FormField>
        <div className="button-row">
          <button type="submit" className="button" disabled={confirmPending}>
            Einrichtung abschließen
          </button>
        </div>
      </form>
    </div>
  );
}

function TwoFactorManage({ unused, kinds, action }: { unused: number; kinds: ProofKind[]; action: FormAction<RecoveryCodesState> }) {
  const [state, formAction, pending] = useFormAction(action);
  return (
    <>
      <p>
        Die Zwei-Faktor-Anmeldung ist <strong>eingeschaltet</strong>. Die Anmeldung fragt nach einem Code aus Ihrer Authenticator-App.
      </p>
      <p className={unused <= 3 ? "form-message warning" : undefined} data-testid="recovery-codes-left">
        Unbenutzte Wiederherstellungscodes: {unused}
        {unused <= 3 ? ". Erzeugen Sie neue, bevor sie ausgehen." : null}
      </p>
      <form action={formAction} className="form" aria-label="Zwei-Faktor-Anmeldung verwalten" key={state?.attempt ?? 0} style={{ maxWidth: "32rem" }}>
        <FormMessage result={state} />
        <p className="hint">Beides verlangt einen aktuellen Code aus der App oder einen Wiederherstellungscode.</p>
        <IdentityProofFields id="totp-manage-proof" kinds={kinds} initialKind={state?.proofKind} issue={state?.issues?.proof} />
        <div className="button-row">
          <button type="submit" name="intent" value="renew" className="button secondary" disabled={pending}>
            Neue Wiederherstellungscodes erzeugen
          </button>
          <button type="submit" name="intent" value="disable" className="button danger" disabled={pending}>
            Zwei-Faktor-Anmeldung deaktivieren
          </button>
        </div>
      </form>
    </>
  );
}
