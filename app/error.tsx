"use client";

import { OutageNotice } from "@/components/ui/outage-notice";

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <OutageNotice onRetry={reset} />;
}
