"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { IdentityProofFields } from "@/components/security/identity-proof-fields";
import { useFormAction } from "@/components/security/use-form-action";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { RotateSecretState } from "@/lib/adapters/dashboard/webhooks";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import { WebhookSecretOnce } from "./webhook-secret-once";
import styles from "./webhook.module.css";

type Action<S = ActionResult> = (prev: S | null, form: FormData) => Promise<S>;

interface Props {
  enabled: boolean;
  /** When the endpoint began missing messages (German date and time), if it is switched off. */
  missedSince: string | null;
  sendTest: Action;
  /** Reads the submit button's `mode`: off, on, replay. */
  setEnabled: Action;
  rotate: Action<RotateSecretState>;
  remove: Action;
  proofKinds: ProofKind[];
  fresh: boolean;
}

/**
 * The row of an endpoint's actions: send a test event, switch off or on (on again optionally with
 * what was missed), renew the secret, delete. Renewing and deleting open a step of their own
 * under the row; deleting is the quiet last button and asks again.
 */
export function WebhookEndpointActions(props: Props) {
  const [opened, setOpened] = useState<"rotate" | "delete" | null>(null);
  const [testResult, testAction, testing] = useActionState(props.sendTest, null);
  const [switchResult, switchAction, switching] = useActionState(props.setEnabled, null);
  const toggle = (which: "rotate" | "delete") => setOpened((now) => (now === which ? null : which));
  return (
    <>
      <FormActions layout="start">
        {props.enabled ? (
          <form action={testAction}>
            <Button type="submit" disabled={testing}>
              Testereignis senden
            </Button>
          </form>
        ) : null}
        <form action={switchAction}>
          {props.enabled ? (
            <Button type="submit" variant="secondary" name="mode" value="off" disabled={switching}>
              Ausschalten
            </Button>
          ) : (
            <FormActions spacing="flush">
              <Button type="submit" name="mode" value="on" disabled={switching}>
                Einschalten
              </Button>
              <Button type="submit" variant="secondary" name="mode" value="replay" disabled={switching}>
                Einschalten und Verpasstes nachsenden
              </Button>
            </FormActions>
          )}
        </form>
        <Button
          type="button"
          variant="secondary"
          aria-expanded={opened === "rotate"}
          aria-controls="webhook-rotate"
          onClick={() => toggle("rotate")}
        >
          Secret erneuern …
        </Button>
        <Button
          type="button"
          variant="danger-quiet"
          aria-expanded={opened === "delete"}
          aria-controls="webhook-delete"
          onClick={() => toggle("delete")}
        >
          Löschen …
        </Button>
      </FormActions>
      <FormMessage result={testResult} />
      <FormMessage result={switchResult} />
      {props.enabled ? null : (
        <p className="hint">
          „Einschalten“ stellt nur neue Ereignisse zu; was in der Zwischenzeit anfiel, wird verworfen. „Einschalten und Verpasstes
          nachsenden“ stellt zusätzlich jede Nachricht {props.missedSince ? `seit ${props.missedSince} Uhr ` : ""}erneut zu, die Ihr
          Empfänger nicht mit 2xx bestätigt hat – mit derselben <code>webhook-id</code> wie zuvor, sodass er Doppelte daran erkennt.
        </p>
      )}
      {opened === "rotate" ? <RotatePanel rotate={props.rotate} proofKinds={props.proofKinds} fresh={props.fresh} /> : null}
      {opened === "delete" ? <DeletePanel remove={props.remove} cancel={() => setOpened(null)} /> : null}
    </>
  );
}

/** The opened step takes the focus, so keyboard and screen-reader users land in it. */
function useFocusOnOpen() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function RotatePanel({ rotate, proofKinds, fresh }: { rotate: Action<RotateSecretState>; proofKinds: ProofKind[]; fresh: boolean }) {
  const [state, formAction, pending] = useFormAction(rotate);
  const heading = useFocusOnOpen();
  return (
    <section id="webhook-rotate" className={styles.panel} aria-labelledby="webhook-rotate-heading">
      <h3 id="webhook-rotate-heading" ref={heading} tabIndex={-1}>
        Secret erneuern
      </h3>
      <FormMessage result={state} />
      {state?.ok && state.secret ? (
        <WebhookSecretOnce
          id="rotated-webhook-secret"
          secret={state.secret}
          level={3}
          note={`Das bisherige Secret signiert noch bis ${state.previousValidUntil} Uhr mit.`}
        />
      ) : (
        <form action={formAction} className="form" aria-label="Secret erneuern" key={state?.attempt ?? 0}>
          <p>
            Pressdesk erstellt ein neues Secret und zeigt es Ihnen einmal an. Das bisherige signiert noch 24 Stunden lang mit: Jede
            Nachricht trägt dann beide Signaturen, sodass Ihr Empfänger ohne Lücke auf das neue umstellen kann.
          </p>
          <IdentityProofFields
            id="rotate-proof"
            kinds={proofKinds}
            fresh={fresh && state?.code !== "identity_proof_required"}
            initialKind={state?.proofKind}
            issue={state?.issues?.proof}
          />
          <FormActions>
            <Button type="submit" disabled={pending}>
              Neues Secret erstellen
            </Button>
          </FormActions>
        </form>
      )}
    </section>
  );
}

function DeletePanel({ remove, cancel }: { remove: Action; cancel: () => void }) {
  const [state, formAction, pending] = useActionState(remove, null);
  const heading = useFocusOnOpen();
  return (
    <section id="webhook-delete" className={styles.panel} aria-labelledby="webhook-delete-heading">
      <h3 id="webhook-delete-heading" ref={heading} tabIndex={-1}>
        Endpunkt löschen?
      </h3>
      <p>
        Pressdesk sendet diesem Endpunkt dann nichts mehr; Zustellungen, die noch ausstehen, werden verworfen. Das lässt sich nicht
        rückgängig machen. Wollen Sie nur pausieren, schalten Sie den Endpunkt stattdessen aus.
      </p>
      <FormMessage result={state} />
      <form action={formAction}>
        <FormActions>
          <Button type="submit" variant="danger" disabled={pending}>
            Endgültig löschen
          </Button>
          <Button type="button" variant="secondary" onClick={cancel}>
            Abbrechen
          </Button>
        </FormActions>
      </form>
    </section>
  );
}
