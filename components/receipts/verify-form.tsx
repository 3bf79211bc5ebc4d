"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import { MAX_RECEIPT_BYTES } from "@/lib/domains/releases/receipts/verify-reasons";
import type { Edition } from "@/lib/domains/sites";
import { ReceiptFacts } from "./receipt-facts";
import styles from "./receipts.module.css";
import { VERIFY_COPY } from "./verify-copy";
import type { VerifyState } from "./verify-state";

/**
 * Paste the receipt or choose its file; the server answers under the form. A server action, so
 * the form works before (and without) the page's scripts: the answer comes as a new page.
 */
export function VerifyReceiptForm({
  edition,
  action,
}: {
  edition: Edition;
  action: (prev: VerifyState | null, form: FormData) => Promise<VerifyState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const t = VERIFY_COPY[edition];
  return (
    <>
      <form action={formAction} className="form">
        <Field id="rc-text" label={t.pasteLabel} hint={t.pasteHint}>
          <textarea
            id="rc-text"
            name="receipt"
            rows={8}
            maxLength={MAX_RECEIPT_BYTES}
            spellCheck={false}
            autoComplete="off"
            defaultValue={state?.pasted ?? ""}
            {...describedBy("rc-text", undefined, true)}
          />
        </Field>
        <Field id="rc-file" label={t.fileLabel} hint={t.fileHint}>
          <input id="rc-file" name="file" type="file" accept=".json,application/json" {...describedBy("rc-file", undefined, true)} />
        </Field>
        <FormActions spacing="flush">
          <Button type="submit" disabled={pending}>
            {pending ? t.checking : t.submit}
          </Button>
        </FormActions>
      </form>
      {state ? (
        <section className={styles.answer} aria-labelledby="rc-result">
          <h2 id="rc-result">{t.resultHeading}</h2>
          {state.ok ? (
            <>
              <Notice tone="success" role="status" detail={`${t.key(state.kid, state.keyRetired)} ${t.later(state.later)}`}>
                <strong>{t.valid}</strong> {t.validDetail}
              </Notice>
              <ReceiptFacts statements={state.statements} caption={t.factsCaption} headers={t} />
            </>
          ) : (
            <Notice tone="error" role="alert" detail={state.reason}>
              <strong>{t.invalid}</strong>
            </Notice>
          )}
        </section>
      ) : null}
    </>
  );
}
