"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

const EVERY_MS = 2_000;
/** The automatic check usually ends within seconds; after this the reader reloads by hand. */
const GIVE_UP_MS = 5 * 60_000;

/** Re-renders the page every two seconds while the automatic check runs, so the new status appears. */
export function RefreshWhileInReview({ active }: { active: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > GIVE_UP_MS) clearInterval(timer);
      else router.refresh();
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [active, router]);
  return null;
}
