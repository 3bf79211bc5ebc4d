"use client";

import { useActionState, useState } from "react";
import { recipientsLabel } from "@/components/newsletter/labels";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/core/forms/action-result";
import styles from "@/components/newsletter/newsletter.module.css";

/**
 * Starting sends to real people and cannot be undone: the button only works after an explicit
 * confirmation naming the number of recipients (the session itself is strongly confirmed for
 * the admin area already).
 */
export function NewsletterStartPanel({
  recipientCount,
  sendingEnabled,
  start,
}: {
  recipientCount: number;
  sendingEnabled: boolean;
  start: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [result, action, pending] = useActionState(start, null);
  const [confirmed, setConfirmed] = useState(false);
  return (
    <section className={styles.box} aria-labelledby="nl-start-title">
      <h2 id="nl-start-title">Versand</h2>
      {!sendingEnabled ? (
        <Notice tone="warning" role="status">
          Der Newsletter-Versand ist auf diesem System ausgeschaltet (<code>NEWSLETTER_SENDING_ENABLED</code>). Entwürfe lassen sich
          schreiben und prüfen, aber nicht versenden.
        </Notice>
      ) : null}
      <form action={action} className="form">
        <FormMessage result={result} />
        <label className={styles.confirm}>
          <input
            type="checkbox"
            name="confirm"
            value="yes"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
            disabled={!sendingEnabled}
          />
          <span>
            Ich habe die Vorschau geprüft. Der Newsletter geht jetzt an {recipientsLabel(recipientCount)}; das lässt sich nicht rückgängig
            machen.
          </span>
        </label>
        <FormActions spacing="flush">
          <Button type="submit" disabled={!sendingEnabled || !confirmed || pending}>
            {pending ? "Wird gestartet …" : "Versand starten"}
          </Button>
        </FormActions>
      </form>
    </section>
  );
}
