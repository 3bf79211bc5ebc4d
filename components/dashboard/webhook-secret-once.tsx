"use client";

import { CopyField } from "@/components/ui/copy-field";
import { Notice } from "@/components/ui/notice";
import { NODE_VERIFY_SNIPPET } from "@/lib/adapters/dashboard/webhooks-view";
import styles from "./webhook.module.css";

/**
 * A signing secret right after it was made: shown this one time in a read-only field (select and
 * copy by hand works without script) with a copy button, and how a receiver checks signatures.
 */
export function WebhookSecretOnce({
  id,
  secret,
  note,
  level = 2,
}: {
  id: string;
  secret: string;
  note?: string | undefined;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  const Sub = level === 2 ? "h3" : "h4";
  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`}>Ihr Signing-Secret</Heading>
      <Notice tone="warning">
        <strong>Nur dieses eine Mal sichtbar.</strong> Kopieren Sie das Secret jetzt und hinterlegen Sie es bei Ihrem Empfänger. Pressdesk
        speichert es nur verschlüsselt und zeigt es nie wieder an; geht es verloren, erstellen Sie ein neues.
        {note ? ` ${note}` : ""}
      </Notice>
      <label htmlFor={id}>Secret</label>
      <CopyField id={id} value={secret} copyLabel="Secret kopieren" testId="webhook-secret" />
      <Sub>Signatur prüfen (Node.js)</Sub>
      <p className="hint">
        Jede Nachricht trägt die Kopfzeilen <code>webhook-id</code>, <code>webhook-timestamp</code> und <code>webhook-signature</code>{" "}
        (Standard Webhooks). So prüft ein Empfänger sie mit dem Paket <code>standardwebhooks</code>:
      </p>
      <pre className={styles.code}>
        <code>{NODE_VERIFY_SNIPPET}</code>
      </pre>
    </section>
  );
}
