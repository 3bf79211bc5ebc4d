"use client";

import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import styles from "./payments.module.css";

// One place on /admin/payments for the outcome of the last action. A row often leaves its list
// when its action succeeds (a paid invoice is no longer open), and its own message would go
// with it: the outcome is shown here, kept in view while the admin works down a long list.

const ReportContext = createContext<(result: ActionResult) => void>(() => {});

/** Hands an action's outcome to the page's notice. */
export function useReportOutcome(): (result: ActionResult) => void {
  return useContext(ReportContext);
}

export function PaymentsNotice({ initial, children }: { initial: ActionResult | null; children: ReactNode }) {
  const [notice, setNotice] = useState<ActionResult | null>(initial);
  const report = useCallback((result: ActionResult) => setNotice(result), []);
  return (
    <ReportContext.Provider value={report}>
      <div className={styles.notice}>
        <FormMessage result={notice} />
      </div>
      {children}
    </ReportContext.Provider>
  );
}
