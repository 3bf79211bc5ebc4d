"use client";

import { IdentityProofFields } from "@/components/security/identity-proof-fields";
import type { FormAction, TokenFormState } from "@/components/security/types";
import { useFormAction } from "@/components/security/use-form-action";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";

// The domain's per-field wording is English; the form says it in German.
const ISSUES: Record<string, string> = {
  name: "Geben Sie dem Token einen Namen mit 1 bis 100 Zeichen.",
  expiresAt: "Das Ablaufdatum muss in der Zukunft und höchstens fünf Jahre entfernt liegen.",
};

interface Props {
  action: FormAction<TokenFormState>;
  maxDate: string;
  /** Accepted identity-proof kinds for an API token (spec 5.3). */
  proofKinds: ProofKind[];
  /** The session proved itself minutes ago: no new proof is asked. */
  fresh: boolean;
}

/** Creates an API token after a fresh identity proof; shows the plain token exactly once. */
export function TokenCreateForm({ action, maxDate, proofKinds, fresh }: Props) {
  const [state, formAction, pending] = useFormAction(action);
  const issue = (field: string) => (state?.issues?.[field] ? (ISSUES[field] ?? state.issues[field]) : undefined);
  return (
    <>
      <FormMessage result={state} />
      {state?.token ? (
        <div className="panel">
          <p>
            <strong>Ihr neuer API-Token:</strong>
          </p>
          <p className="token-once" data-testid="new-token">
            {state.token}
          </p>
        </div>
      ) : null}
      <form action={formAction} className="form" aria-label="Neuen Token erstellen" key={state?.attempt ?? 0}>
        <div className="form-grid">
          <Field id="token-name" label="Name" issue={issue("name")}>
            <input
              id="token-name"
              name="name"
              type="text"
              required
              maxLength={100}
              defaultValue={state?.ok ? "" : (state?.values?.name ?? "")}
              {...describedBy("token-name", issue("name"))}
            />
          </Field>
          <Field
            id="token-expires"
            label="Gültig bis (optional)"
            issue={issue("expiresAt")}
            hint="Leer lassen für einen Token ohne Ablaufdatum."
          >
            <input
              id="token-expires"
              name="expires"
              type="date"
              max={maxDate}
              defaultValue={state?.ok ? "" : (state?.values?.expires ?? "")}
              {...describedBy("token-expires", issue("expiresAt"), true)}
            />
          </Field>
        </div>
        <IdentityProofFields
          id="token-proof"
          kinds={proofKinds}
          fresh={fresh && state?.code !== "identity_proof_required"}
          initialKind={state?.proofKind}
          issue={state?.issues?.proof}
        />
        <FormActions>
          <Button type="submit" disabled={pending}>
            Token erstellen
          </Button>
        </FormActions>
      </form>
    </>
  );
}
