"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { FieldIssues, ReleaseFormValues } from "@/lib/adapters/dashboard/release-rules";
import type { ActionResult } from "@/lib/core/forms/action-result";

export type AutosaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; at: Date } | { kind: "not_saved"; reason: string };

/** How long typing must pause before a draft is saved. */
export const AUTOSAVE_DELAY_MS = 3_000;

function reasonOf(result: ActionResult | null): string {
  if (!result) return "Der Server ist gerade nicht erreichbar.";
  const issue = result.issues ? Object.values(result.issues)[0] : undefined;
  return issue ?? result.message ?? "Das hat nicht geklappt.";
}

/**
 * Saves an existing draft a few seconds after typing stops, when the form's rules pass; says when
 * it saved or why it could not. Saves run one after the other, never beside a manual save
 * (`pause` / `resume`), and only for values that differ from what was stored last.
 */
export function useAutosave({
  enabled,
  values,
  issues,
  save,
  delayMs = AUTOSAVE_DELAY_MS,
}: {
  enabled: boolean;
  values: ReleaseFormValues;
  issues: FieldIssues;
  save: (values: ReleaseFormValues) => Promise<ActionResult | null>;
  delayMs?: number;
}) {
  const [state, setState] = useState<AutosaveState>({ kind: "idle" });
  const stored = useRef(JSON.stringify(values));
  const queue = useRef<Promise<void>>(Promise.resolve());
  const paused = useRef(false);
  const latest = useRef({ issues, save });
  useEffect(() => {
    latest.current = { issues, save };
  });

  const snapshot = JSON.stringify(values);
  useEffect(() => {
    if (!enabled || snapshot === stored.current) return;
    const timer = setTimeout(() => {
      if (paused.current) return;
      const issue = Object.values(latest.current.issues)[0];
      if (issue) return setState({ kind: "not_saved", reason: issue });
      setState({ kind: "saving" });
      queue.current = queue.current.then(async () => {
        if (paused.current || snapshot === stored.current) return;
        const result = await latest.current.save(JSON.parse(snapshot) as ReleaseFormValues).catch(() => null);
        if (result?.ok) {
          stored.current = snapshot;
          setState({ kind: "saved", at: new Date() });
        } else setState({ kind: "not_saved", reason: reasonOf(result) });
      });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [enabled, snapshot, delayMs]);

  /** A manual save starts: nothing is saved automatically beside it. */
  const pause = useCallback(() => {
    paused.current = true;
  }, []);
  /** The manual save ended; with the values it stored when it succeeded. */
  const resume = useCallback((storedValues: ReleaseFormValues | null) => {
    paused.current = false;
    if (storedValues) {
      stored.current = JSON.stringify(storedValues);
      setState({ kind: "idle" });
    }
  }, []);
  return { state, pause, resume };
}

const clock = new Intl.DateTimeFormat("de-DE", { hour: "2-digit", minute: "2-digit" });

/** The line under the buttons: what autosave did last. */
export function autosaveText(state: AutosaveState): string {
  switch (state.kind) {
    case "idle":
      return "Änderungen an diesem Entwurf werden automatisch gespeichert.";
    case "saving":
      return "Wird automatisch gespeichert …";
    case "saved":
      return `Automatisch gespeichert um ${clock.format(state.at)}`;
    case "not_saved":
      return `Nicht automatisch gespeichert: ${state.reason}`;
  }
}
