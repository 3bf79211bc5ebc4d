"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { coerceReleaseForm, type ReleaseFormValues } from "@/lib/adapters/dashboard/release-rules";

// A release not yet created lives only in the browser until its first save: a copy in
// localStorage, keyed by the form (not the user: nothing is known of them here), so a closed tab
// or a crash loses nothing. Storage can be full or switched off; then there is simply no copy.

const PREFIX = "pressdesk.release-form.";

export interface StoredDraft {
  savedAt: Date;
  values: ReleaseFormValues;
}

function read(key: string): StoredDraft | null {
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? "null") as { savedAt?: unknown; values?: unknown } | null;
    const savedAt = new Date(typeof raw?.savedAt === "string" ? raw.savedAt : NaN);
    return raw && !Number.isNaN(savedAt.getTime()) ? { savedAt, values: coerceReleaseForm(raw.values) } : null;
  } catch {
    return null;
  }
}

function write(key: string, values: ReleaseFormValues | null) {
  try {
    if (values) localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), values }));
    else localStorage.removeItem(key);
  } catch {
    /* no storage: no copy */
  }
}

/**
 * Keeps the form's values in localStorage while `formId` is set (typing pauses, the page is
 * left), and offers a stored copy that differs from the form's start once after loading. While
 * the offer stands nothing is written, so the copy is not overwritten before the customer chose.
 */
export function useLocalDraft({
  formId,
  values,
  initial,
}: {
  formId: string | null;
  values: ReleaseFormValues;
  initial: ReleaseFormValues;
}) {
  const key = formId ? PREFIX + formId : null;
  const [offer, setOffer] = useState<StoredDraft | null>(null);
  const [ready, setReady] = useState(false);
  const suspended = useRef(false);
  const start = JSON.stringify(initial);
  const snapshot = JSON.stringify(values);
  const latest = useRef(snapshot);
  useEffect(() => {
    latest.current = snapshot;
  });

  useEffect(() => {
    if (!key) return;
    const stored = read(key);
    // Reading storage is only possible after mount; the offer shows from then on.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (stored && JSON.stringify(stored.values) !== start) setOffer(stored);
    else setReady(true);
  }, [key, start]);

  useEffect(() => {
    if (!key || !ready) return;
    const store = () => {
      if (!suspended.current) write(key, latest.current === start ? null : (JSON.parse(latest.current) as ReleaseFormValues));
    };
    const timer = setTimeout(store, 500);
    window.addEventListener("pagehide", store);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("pagehide", store);
    };
  }, [key, ready, snapshot, start]);

  /** The form is being saved to the server: the copy goes (a failed save brings it back). */
  const clear = useCallback(() => {
    suspended.current = true;
    if (key) write(key, null);
  }, [key]);
  /** The save failed: keep copying again, starting with what the form holds now. */
  const keep = useCallback(() => {
    suspended.current = false;
    if (key && ready && latest.current !== start) write(key, JSON.parse(latest.current) as ReleaseFormValues);
  }, [key, ready, start]);

  return {
    offer,
    /** Takes the stored copy; the form puts its values in place. */
    restore: (): ReleaseFormValues | null => {
      const values = offer?.values ?? null;
      setOffer(null);
      setReady(true);
      return values;
    },
    discard: () => {
      if (key) write(key, null);
      setOffer(null);
      setReady(true);
    },
    clear,
    keep,
  };
}
