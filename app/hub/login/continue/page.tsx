import { redirect } from "next/navigation";
import { readSessionIncludingPending, startPathOf } from "@/lib/domains/auth/session";

export const dynamic = "force-dynamic";

/** After any sign-in: the challenge if the second factor is open, else the person's start page. */
export default async function ContinueAfterLogin() {
  const s = await readSessionIncludingPending();
  if (!s) redirect("/login");
  if (s.session.twoFactorPending) redirect("/login/challenge");
  redirect(startPathOf(s));
}
