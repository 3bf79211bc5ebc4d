"use client";

import { useState } from "react";

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
    <div className="field report-copy">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} readOnly value={text} rows={Math.min(16, text.split("\n").length + 1)} />
      <div className="button-row compact">
        <button type="button" className="button secondary" onClick={copy}>
          Text kopieren
        </button>
        <span role="status" className="meta">
          {state === "copied" ? "In die Zwischenablage kopiert." : state === "failed" ? "Kopieren nicht möglich: bitte markieren und kopieren." : ""}
        </span>
      </div>
    </div>
  );
}
