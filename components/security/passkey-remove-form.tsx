"use client";

import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import { IdentityProofFields } from "./identity-proof-fields";
import type { ProofFormState } from "./types";
import { useConfirmedSubmit } from "./use-confirmed-submit";
import { useFormAction } from "./use-form-action";
import styles from "./security.module.css";

interface Props {
  id: number;
  name: string;
  action: (prev: ProofFormState | null, form: FormData) => Promise<ProofFormState>;
  /** The strong factors that may confirm the removal: a passkey, an app or recovery code. */
  kinds: ProofKind[];
  fresh: boolean;
}

/**
 * Removes one passkey after a confirmation by a strong factor the account has: a removed
 * passkey is a way in the owner no longer has, so the mailbox or the password alone never does it.
 * The button is quiet and asks once more: the removal cannot be undone.
 */
export function PasskeyRemoveForm({ id, name, action, kinds, fresh }: Props) {
  const [state, formAction, pending] = useFormAction(action);
  const { onSubmit, confirmDialog, ready } = useConfirmedSubmit(formAction, {
    title: `Passkey „${name}“ entfernen?`,
    consequence: "Mit diesem Passkey können Sie sich danach nicht mehr anmelden. Das lässt sich nicht rückgängig machen.",
    confirmLabel: "Passkey entfernen",
  });
  return (
    <details className="image-remove" open={state ? !state.ok : undefined}>
      <summary>Entfernen</summary>
      <form
        action={formAction}
        onSubmit={onSubmit}
        className={`form ${styles.narrow}`}
        aria-label={`Passkey „${name}“ entfernen`}
        key={state?.attempt ?? 0}
      >
        <FormMessage result={state} />
        <p>Mit „{name}“ können Sie sich danach nicht mehr anmelden.</p>
        <IdentityProofFields
          id={`passkey-remove-${id}-proof`}
          kinds={kinds}
          fresh={fresh && state?.code !== "identity_proof_required"}
          initialKind={state?.proofKind}
          issue={state?.issues?.proof}
        />
        <FormActions>
          <Button type="submit" variant="danger-quiet" disabled={pending || !ready}>
            Passkey entfernen
          </Button>
        </FormActions>
      </form>
      {confirmDialog}
    </details>
  );
}
