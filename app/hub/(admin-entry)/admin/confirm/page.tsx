import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminConfirmForm } from "@/components/auth/admin-confirm-form";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { needsStrongAdminConfirmation, requireUser, startPathOf } from "@/lib/domains/auth/session";
import { db } from "@/lib/core/db/client";
import { confirmAdminWithCode, confirmAdminWithPasskey, startAdminPasskeyConfirmation } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Adminbereich bestätigen" };

export default async function AdminConfirmPage() {
  const s = await requireUser();
  if (s.user.staffRole === "user") redirect("/dashboard");
  if (!needsStrongAdminConfirmation(s)) redirect(startPathOf(s));
  const hasPasskey = (await db.passkey.count({ where: { userId: s.user.id } })) > 0;
  return (
    <>
      <PageHeader
        title="Adminbereich bestätigen"
        description="Der Adminbereich verlangt eine starke Bestätigung dieser Sitzung: mit einem Passkey oder einem Code aus Ihrer Authenticator-App."
      />
      {hasPasskey || s.user.hasTotp ? (
        <AdminConfirmForm
          hasPasskey={hasPasskey}
          hasTotp={s.user.hasTotp}
          startPasskey={startAdminPasskeyConfirmation}
          confirmWithPasskey={confirmAdminWithPasskey}
          confirmWithCode={confirmAdminWithCode}
        />
      ) : (
        <Notice tone="error" role="alert">
          Für Ihr Konto ist weder ein Passkey noch eine Authenticator-App eingerichtet. Richten Sie eines davon auf der{" "}
          <a href="/dashboard/security">Sicherheitsseite</a> ein.
        </Notice>
      )}
    </>
  );
}
