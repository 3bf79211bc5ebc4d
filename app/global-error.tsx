"use client";

import "./tokens.css";
import "./globals.css";
import { OutageNotice } from "@/components/ui/outage-notice";

// The root layout itself failed: this page brings its own document (Next's rule for global-error).
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="de">
      <body>
        <OutageNotice onRetry={reset} />
      </body>
    </html>
  );
}
