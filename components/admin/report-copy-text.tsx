"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import styles from "./report-copy-text.module.css";

/**
 * A text to copy: a read-only field (select and copy by hand works without script) and a button
 * that copies it in one click and says so.
 */
export function ReportCopyText({ id, label, text }: { id: string; label: string; text: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <Field id={id} label={label} className={styles.copy}>
      <textarea id={id} readOnly value={text} rows={Math.min(16, text.split("\n").length + 1)} />
      <FormActions spacing="compact">
        <Button type="button" variant="secondary" onClick={copy}>
          Text kopieren
        </Button>
        <span role="status" className="meta">
          {state === "copied"
            ? "In die Zwischenablage kopiert."
            : state === "failed"
              ? "Kopieren nicht möglich: bitte markieren und kopieren."
              : ""}
        </span>
      </FormActions>
    </Field>
  );
}
