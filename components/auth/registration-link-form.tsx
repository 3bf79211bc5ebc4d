"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import type { LegalDocument } from "@/lib/domains/legal-terms/documents";
import { AcceptTermsField } from "./accept-terms-field";
import { loginMessage } from "./login-messages";
import styles from "./auth-form.module.css";

/**
 * The page of a registration link (an address without an account asked for a login link): name
 * and the current documents, then one click creates the account and signs in. Redeemed on the
 * click, never on page load, like every login link.
 */
export function RegistrationLinkForm({ token, documents }: { token: string; documents: readonly LegalDocument[] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function register(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    const result = await signIn("login-link", {
      redirect: false,
      token,
      purpose: "registration",
      name: String(form.get("name") ?? ""),
      acceptTerms: form.get("acceptTerms") === "on" ? "1" : "",
    });
    if (result?.ok && !result.error) {
      router.replace("/login/continue");
      router.refresh();
      return;
    }
    const code = result?.error ?? "";
    setError(code === "registration_details" || code === "throttled" ? loginMessage(code) : loginMessage("link"));
    setPending(false);
  }
  return (
    <form className={`form ${styles.medium}`} onSubmit={register}>
      {error ? (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      ) : null}
      <Field id="name" label="Ihr Name">
        <input id="name" name="name" autoComplete="name" required minLength={2} maxLength={200} />
      </Field>
      <AcceptTermsField documents={documents} />
      <FormActions>
        <Button type="submit" disabled={pending}>
          {pending ? "Konto wird angelegt …" : "Konto anlegen und anmelden"}
        </Button>
      </FormActions>
    </form>
  );
}
