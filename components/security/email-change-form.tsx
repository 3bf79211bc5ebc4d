"use client";

import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import { IdentityProofFields } from "./identity-proof-fields";
import type { EmailChangeState, FormAction } from "./types";
import { useFormAction } from "./use-form-action";
import styles from "./security.module.css";

/** Asks for the new address and the identity proof; the change waits for the new address's link. */
export function EmailChangeForm({ kinds, fresh, action }: { kinds: ProofKind[]; fresh: boolean; action: FormAction<EmailChangeState> }) {
  const [state, formAction, pending] = useFormAction(action);
  const issue = (field: string) => state?.issues?.[field];
  return (
    <form action={formAction} className={`form ${styles.narrow}`} aria-label="E-Mail-Adresse ändern" key={state?.attempt ?? 0}>
      <FormMessage result={state} />
      <Field id="email-new" label="Neue E-Mail-Adresse" issue={issue("newEmail")}>
        <input
          id="email-new"
          name="newEmail"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={state?.ok ? "" : (state?.values?.newEmail ?? "")}
          {...describedBy("email-new", issue("newEmail"))}
        />
      </Field>
      <IdentityProofFields
        id="email-proof"
        kinds={kinds}
        fresh={fresh && state?.code !== "identity_proof_required"}
        initialKind={state?.proofKind}
        issue={issue("proof")}
      />
      <FormActions>
        <Button type="submit" disabled={pending}>
          E-Mail-Adresse ändern
        </Button>
      </FormActions>
    </form>
  );
}
