"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientKeyOf } from "@/lib/security/client-ip";
import { endSession, startSession } from "@/lib/auth/session";
import { signInWithPassword } from "@/lib/auth/sign-in";

export interface LoginState {
  email: string;
  message?: string;
}

// POST /login (server action): e-mail + password; one answer for every kind of failure.
export async function login(_prev: LoginState, formData: FormData): Promise<LoginState> {
  const email = String(formData.get("email") ?? "").slice(0, 320);
  const password = String(formData.get("password") ?? "").slice(0, 1024);
  const h = await headers();
  const result = await signInWithPassword({ email, password, clientKey: clientKeyOf(h) });
  if (!result.ok) {
    return {
      email,
      message: result.reason === "throttled" ? "Zu viele Fehlversuche. Bitte versuchen Sie es in einigen Minuten erneut." : "E-Mail-Adresse oder Passwort ist nicht korrekt.",
    };
  }
  await startSession(result.userId);
  redirect(result.isStaff ? "/admin/review" : "/dashboard");
}

export async function logout(): Promise<void> {
  await endSession();
  redirect("/login");
}
