"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/core/forms/action-result";

const REFUSED =
  "Die Einladung ließ sich nicht annehmen: Sie ist ungültig, abgelaufen oder wurde schon angenommen. Bitten Sie um eine neue Einladung.";
const THROTTLED = "Zu viele Fehlversuche von dieser Adresse. Bitte versuchen Sie es in einigen Minuten erneut.";

/**
 * Signed out: accepting signs the invited account in, through the login-link sign-in
 * (next-auth credentials, purpose invitation). A click, never the page load: mail scanners open
 * links, and an automatic acceptance would spend the invitation before its owner arrives.
 */
export function AcceptInvitationSignIn({ token, next }: { token: string; next: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function accept() {
    setPending(true);
    const result = await signIn("login-link", { redirect: false, token, purpose: "invitation" });
    if (result?.ok && !result.error) {
      router.replace(next);
      router.refresh();
      return;
    }
    setError(result?.error === "throttled" ? THROTTLED : REFUSED);
    setPending(false);
  }
  return (
    <div className="stack">
      {error ? (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      ) : null}
      <Button type="button" onClick={accept} disabled={pending}>
        {pending ? "Einladung wird angenommen …" : "Einladung annehmen"}
      </Button>
    </div>
  );
}

/** Signed in with the invited address: a plain form POST to the server action. */
export function AcceptInvitationForm({ action }: { action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  const [result, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction}>
      <FormMessage result={result} />
      <Button type="submit" disabled={pending}>
        {pending ? "Einladung wird angenommen …" : "Einladung annehmen"}
      </Button>
    </form>
  );
}
