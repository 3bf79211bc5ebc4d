"use client";

import { useState } from "react";
import { Button } from "./button";
import styles from "./copy-field.module.css";

/**
 * A value shown once (a secret, a personal link): a read-only field, so selecting and copying by
 * hand works without script, a copy button, and a spoken note whether copying worked.
 */
export function CopyField({ id, value, copyLabel, testId }: { id: string; value: string; copyLabel: string; testId?: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <div className={styles.row}>
      <input id={id} readOnly value={value} spellCheck={false} data-testid={testId} onFocus={(e) => e.currentTarget.select()} />
      <Button type="button" variant="secondary" onClick={copy}>
        {copyLabel}
      </Button>
      <span role="status" className="meta">
        {copied === "copied"
          ? "In die Zwischenablage kopiert."
          : copied === "failed"
            ? "Kopieren nicht möglich: bitte markieren und kopieren."
            : ""}
      </span>
    </div>
  );
}
