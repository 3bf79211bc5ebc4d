"use client";

import { useRef, useState } from "react";
import { hasIssues, type FieldIssues, type ReleaseFormValues } from "@/lib/adapters/dashboard/release-rules";
import type { SaveReleaseInput, SaveReleaseResult } from "./release-form";

export type ImageDraftState = "unsaved" | "blocked" | "saved";

const UNREACHABLE: SaveReleaseResult = { ok: false, message: "Der Server ist gerade nicht erreichbar. Bitte versuchen Sie es erneut." };

/**
 * A new release's draft for its first image: an image belongs to a saved release, so choosing
 * one saves the form as a draft (with the form's key, so the later "Speichern" lands in the same
 * release), and the upload goes there. `save` answers the draft's id, or null when the form's
 * rules or the server refuse (the form marks the fields). One save at a time; a draft already
 * saved is saved again only when the form changed since.
 */
export function useImageDraft({
  newReleaseKey,
  current,
  save,
  onStart,
  onAnswer,
  onRefused,
  onSaved,
}: {
  newReleaseKey: string;
  /** The form's values and their issues as they are now (an upload's await may outlast a render). */
  current: () => { values: ReleaseFormValues; issues: FieldIssues };
  save: (input: SaveReleaseInput) => Promise<SaveReleaseResult | null>;
  /** Before the save (autosave holds still), and with the server's answer for the values sent. */
  onStart: () => void;
  onAnswer: (sent: ReleaseFormValues, answer: SaveReleaseResult) => void;
  onRefused: (issues: FieldIssues, focus: boolean) => void;
  /** The draft holds the text now: the browser's copy may go. */
  onSaved: () => void;
}) {
  const [savedId, setSavedId] = useState<number | null>(null);
  const [answer, setAnswer] = useState<SaveReleaseResult | null>(null);
  const [blocked, setBlocked] = useState(false);
  const running = useRef<Promise<number | null> | null>(null);
  const stored = useRef<{ id: number; snapshot: string } | null>(null);
  const callbacks = { current, save, onStart, onAnswer, onRefused, onSaved };

  function saveDraft({ focusSummary }: { focusSummary: boolean }): Promise<number | null> {
    if (running.current) return running.current;
    const { values, issues } = callbacks.current();
    if (hasIssues(issues)) {
      callbacks.onRefused(issues, focusSummary);
      setBlocked(true);
      return Promise.resolve(null);
    }
    const snapshot = JSON.stringify(values);
    if (stored.current?.snapshot === snapshot) return Promise.resolve(stored.current.id);
    running.current = (async () => {
      callbacks.onStart();
      const reply = (await callbacks.save({ newReleaseKey, values, submit: false, stay: true }).catch(() => null)) ?? UNREACHABLE;
      running.current = null;
      callbacks.onAnswer(values, reply);
      setAnswer(reply);
      const id = reply.ok ? (reply.releaseId ?? null) : null;
      setBlocked(!id);
      if (!id) {
        if (reply.issues) callbacks.onRefused(reply.issues, focusSummary);
        return null;
      }
      stored.current = { id, snapshot };
      setSavedId(id);
      callbacks.onSaved();
      return id;
    })();
    return running.current;
  }

  const state: ImageDraftState = savedId ? "saved" : blocked ? "blocked" : "unsaved";
  return {
    savedId,
    /** The last save's answer; cleared when the form's own save starts. */
    answer,
    forget: () => setAnswer(null),
    state,
    save: saveDraft,
  };
}
