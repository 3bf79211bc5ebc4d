"use client";

import { startTransition, useCallback, useId, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";
import { Button } from "./button";
import styles from "./confirm-dialog.module.css";

/** What a confirmation says: the question, what will happen, and the button that does it. */
export interface ConfirmText {
  /** The question, naming the thing: "Token „CI“ widerrufen?" */
  title: string;
  /** What happens and whether it can be undone. */
  consequence?: string;
  /** The confirming button's words: the action itself ("Widerrufen"), never "OK". */
  confirmLabel: string;
}

/**
 * A confirmation written as one text for the button `label`: a leading question ("Token „CI“
 * widerrufen? Programme …") is the title and the rest what happens; otherwise the title asks
 * "{label}?". A closing "Fortfahren?" goes, since the buttons ask it; the button says `label`.
 */
export function confirmFor(label: string, text: string | ConfirmText): ConfirmText {
  if (typeof text !== "string") return text;
  const said = text.replace(/\s*(Fortfahren|Fortsetzen|Umsetzen)\?$/, "").trim();
  const question = /^([^?]+\?)\s+(.+)$/s.exec(said);
  if (question) return { title: question[1]!, consequence: question[2]!, confirmLabel: label };
  if (said.endsWith("?")) return { title: said, confirmLabel: label };
  return { title: `${label}?`, consequence: said, confirmLabel: label };
}

/**
 * Asks before a destructive action, in a native modal <dialog>: focus stays inside while it is
 * open, Escape and "Abbrechen" answer no, and focus returns to the element that asked. The
 * cancel button has the focus first, so an Enter pressed by habit does nothing harmful.
 */
export function useConfirm(): { confirm: (text: ConfirmText) => Promise<boolean>; confirmDialog: ReactNode } {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const answerRef = useRef<((yes: boolean) => void) | null>(null);
  const openerRef = useRef<Element | null>(null);
  const [text, setText] = useState<ConfirmText | null>(null);
  // One dialog per row on a list: each names its own title, never the last row's.
  const id = useId();

  const confirm = useCallback((asked: ConfirmText) => {
    openerRef.current = document.activeElement;
    setText(asked);
    return new Promise<boolean>((resolve) => {
      answerRef.current = resolve;
      // The dialog's text renders first, then it opens.
      requestAnimationFrame(() => dialogRef.current?.showModal());
    });
  }, []);

  function answer(yes: boolean) {
    const resolve = answerRef.current;
    answerRef.current = null;
    dialogRef.current?.close();
    resolve?.(yes);
  }

  const confirmDialog = (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={text?.consequence ? `${id}-consequence` : undefined}
      onClose={() => {
        if (answerRef.current) answer(false);
        setText(null);
        if (openerRef.current instanceof HTMLElement) openerRef.current.focus();
      }}
    >
      {text ? (
        <>
          <h2 id={`${id}-title`} className={styles.title}>
            {text.title}
          </h2>
          {text.consequence ? (
            <p id={`${id}-consequence`} className={styles.consequence}>
              {text.consequence}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button type="button" variant="secondary" autoFocus onClick={() => answer(false)}>
              Abbrechen
            </Button>
            <Button type="button" variant="danger" onClick={() => answer(true)}>
              {text.confirmLabel}
            </Button>
          </div>
        </>
      ) : null}
    </dialog>
  );
  return { confirm, confirmDialog };
}

/** A <form> whose submission asks first (useConfirm), then runs `action` with the form's data. */
export function ConfirmForm({
  action,
  confirmText,
  className,
  children,
}: {
  action: (form: FormData) => void;
  confirmText: ConfirmText;
  className?: string;
  children: ReactNode;
}) {
  const { confirm, confirmDialog } = useConfirm();
  // Before hydration a submit would reach the server without the question: the buttons wait (inert).
  const hydrated = useHydrated();
  return (
    <form
      className={className}
      action={action}
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        void confirm(confirmText).then((yes) => {
          if (yes) startTransition(() => action(form));
        });
      }}
    >
      <div className={styles.inert} inert={!hydrated}>
        {children}
      </div>
      {confirmDialog}
    </form>
  );
}
