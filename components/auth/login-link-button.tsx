"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { loginMessage } from "./login-messages";

/**
 * Redeems the login link on a click, never on page load: mail scanners open links, and an
 * automatic sign-in would spend the link before its owner arrives.
 */
export function LoginLinkButton({ token, next }: { token: string; next: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function redeem() {
    setPending(true);
    const result = await signIn("login-link", { redirect: false, token });
    if (result?.ok && !result.error) {
      router.replace(next);
      router.refresh();
      return;
    }
    setError(result?.error === "throttled" ? loginMessage("throttled") : loginMessage("link"));
    setPending(false);
  }
  return (
    <div className="stack">
      {error ? (
        <Notice tone="error" role="alert">
          {error} <a href="/login">Zur Anmeldung</a>
        </Notice>
      ) : null}
      <Button type="button" onClick={redeem} disabled={pending}>
        {pending ? "Anmeldung läuft …" : "Jetzt anmelden"}
      </Button>
    </div>
  );
}
