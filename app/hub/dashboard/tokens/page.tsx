import type { Metadata } from "next";
import { TokenCreateForm } from "@/components/dashboard/token-create-form";
import { TokenList } from "@/components/dashboard/token-list";
import { IdentityProofProvider } from "@/components/security/identity-proof-fields";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { acceptedProofKinds, freshProofFor } from "@/lib/domains/accounts/identity-proof";
import { listApiTokens, MAX_TOKEN_YEARS } from "@/lib/domains/api-tokens/tokens";
import { requireUser } from "@/lib/domains/auth/session";
import { sendProofCode, startPasskeyProof } from "../security/actions";
import { createToken, revokeToken } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API-Tokens" };

export default async function TokensPage() {
  const { user, session } = await requireUser();
  const [{ tokens, accessPaused }, proofKinds] = await Promise.all([listApiTokens(user.id), acceptedProofKinds(user.id, "api_token")]);
  const max = new Date();
  max.setUTCFullYear(max.getUTCFullYear() + MAX_TOKEN_YEARS);
  return (
    <>
      <PageHeader title="API-Tokens" description="Mit einem API-Token reichen Ihre Programme Pressemitteilungen über die HTTP-API ein." />
      {accessPaused ? (
        <Notice tone="warning" role="status">
          Der API-Zugang Ihres Kontos ruht, weil keine Buchung mit API-Zugang aktiv ist. Ihre Tokens bleiben erhalten und funktionieren nach
          einer neuen Buchung wieder.
        </Notice>
      ) : null}
      <TokenList tokens={tokens} revoke={revokeToken} />
      <h2>Neuen Token erstellen</h2>
      <IdentityProofProvider sendEmailCode={sendProofCode} passkeyOptions={startPasskeyProof}>
        <TokenCreateForm
          action={createToken}
          maxDate={max.toISOString().slice(0, 10)}
          proofKinds={proofKinds}
          fresh={freshProofFor(session, proofKinds) !== null}
        />
      </IdentityProofProvider>
    </>
  );
}
