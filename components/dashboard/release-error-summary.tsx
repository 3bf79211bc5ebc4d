"use client";

import { useEffect, useRef, type MouseEvent } from "react";
import { Notice } from "@/components/ui/notice";
import type { FieldIssues, ReleaseField } from "@/lib/adapters/dashboard/release-rules";
import styles from "./release-editor.module.css";

/** The form's fields in the order they stand on the page, so the summary reads as the form does. */
const PAGE_ORDER: readonly ReleaseField[] = [
  "companyId",
  "portal",
  "language",
  "categoryId",
  "title",
  "lead",
  "body",
  "aiDeclaration",
  "location",
  "scheduledAt",
  "contactName",
  "contactEmail",
  "contactPhone",
];

/** Where a field's link lands: its control's id, except the text editor (named by its label) and the choices (first radio, "aiDeclaration"). */
const TARGET: Partial<Record<ReleaseField, string>> = { body: "body-label" };

/** The legal documents' checkboxes: reached through the fieldset their hint sits in. */
export const LEGAL_TARGET = "legal-accept-hint";

export interface SummaryItem {
  target: string;
  message: string;
}

/** The summary's lines: one per field with an issue, in page order, each linking to its field. */
export function releaseSummaryItems(issues: FieldIssues, legalIssue?: string): SummaryItem[] {
  const items = PAGE_ORDER.flatMap((field) => (issues[field] ? [{ target: TARGET[field] ?? field, message: issues[field] }] : []));
  return legalIssue ? [...items, { target: LEGAL_TARGET, message: legalIssue }] : items;
}

/** The control behind a link: the element itself, the first control of its fieldset, or the editor it labels. */
function controlOf(el: HTMLElement): HTMLElement | null {
  if (el.matches("input, select, textarea")) return el;
  return (
    el.closest("fieldset")?.querySelector<HTMLElement>("input, select, textarea") ??
    document.querySelector<HTMLElement>(`[aria-labelledby~="${CSS.escape(el.id)}"]`)
  );
}

/** Focus into the field, with its label or legend scrolled to the top so the question is in view. */
function focusField(e: MouseEvent<HTMLAnchorElement>, target: string) {
  const el = document.getElementById(target);
  const control = el ? controlOf(el) : null;
  if (!el || !control) return; // the plain link still scrolls to the field
  e.preventDefault();
  const label = el.matches("label") ? el : control.id ? document.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null;
  control.focus({ preventScroll: true });
  (label ?? control.closest("fieldset")?.querySelector("legend") ?? control).scrollIntoView({ block: "start" });
}

/**
 * The error summary above the form (GOV.UK pattern): how many things to fix, each as a link that
 * puts focus in its field. It takes focus when a save is refused (`attempt` counts the refusals
 * in the browser, `answer` is the server's), never while the customer types a field right.
 */
export function ReleaseErrorSummary({ items, attempt, answer }: { items: SummaryItem[]; attempt: number; answer: unknown }) {
  const box = useRef<HTMLDivElement>(null);
  const hasItems = useRef(items.length > 0);
  useEffect(() => {
    hasItems.current = items.length > 0;
  });
  useEffect(() => {
    if ((attempt > 0 || answer) && hasItems.current) box.current?.focus();
  }, [attempt, answer]);
  if (!items.length) return null;
  return (
    <div ref={box} tabIndex={-1} className={styles.summary}>
      <Notice tone="error" role="alert">
        <h2 id="error-summary-title" className={styles.summaryTitle}>
          {items.length === 1 ? "Eine Angabe fehlt oder ist ungültig" : `${items.length} Angaben fehlen oder sind ungültig`}
        </h2>
        <ul className={styles.summaryList}>
          {items.map((item) => (
            <li key={item.target}>
              <a href={`#${item.target}`} onClick={(e) => focusField(e, item.target)}>
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      </Notice>
    </div>
  );
}
