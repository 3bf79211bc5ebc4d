import { describe, expect, it, vi } from "vitest";
import { FRESH_PROOF_MAX_AGE_MS } from "@/lib/domains/accounts/identity-proof";
import { markIdentityProved } from "@/lib/domains/auth/session";
import { openSession } from "@/lib/domains/auth/sessions/start-session";
import { db } from "@/lib/core/db/client";
import { seedAccount } from "@/tests/identity-proof-fixtures";
import { signIn, withPageSession } from "@/tests/page-session";

// The page asks for the identity proof once: a proof this session gave counts for the next ten
// minutes wherever a change accepts its kind. Tried as an attacker with a session but without
// the proof: the window is the server's, on the session row, so neither an old proof, nor
// another session's, nor a proof of a kind the change does not take, nor a stamp from the
// future lets a change through without a proof in the form.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
vi.mock("next/cache", () => ({ refresh: () => {} }));
withPageSession();

const actions = () => import("./actions");
const MINUTE = 60_000;

/** The e-mail change form as a browser sends it without any proof field. */
const emailChange = (newEmail: string) => {
  const form = new FormData();
  form.set("newEmail", newEmail);
  return form;
};

async function signedInOwner(shape: { totp?: boolean } = {}) {
  const owner = await seedAccount({ password: true, ...shape });
  await signIn(owner.user.id);
  const session = await db.session.findFirstOrThrow({ where: { userId: owner.user.id }, orderBy: { id: "desc" } });
  return { owner, session };
}

const pendingEmailOf = async (userId: number) =>
  (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { pendingEmail: true } })).pendingEmail;

describe("one identity proof per visit", () => {
  it("counts for the next change of this session without asking again", async () => {
    const { owner, session } = await signedInOwner();
    await markIdentityProved(session.id, new Date(Date.now() - 2 * MINUTE), "password");
    const answer = await (await actions()).requestEmailChangeAction(null, emailChange(`neu-${owner.user.id}@example.com`));
    expect(answer).toMatchObject({ ok: true });
    expect(await pendingEmailOf(owner.user.id)).toBe(`neu-${owner.user.id}@example.com`);
  });

  it("without any proof on the session, the change asks for one and changes nothing", async () => {
    const { owner } = await signedInOwner();
    const answer = await (await actions()).requestEmailChangeAction(null, emailChange(`neu-${owner.user.id}@example.com`));
    expect(answer).toMatchObject({ ok: false, code: "identity_proof_required" });
    expect(await pendingEmailOf(owner.user.id)).toBeNull();
  });

  it("does not count once older than the window", async () => {
    const { owner, session } = await signedInOwner();
    await markIdentityProved(session.id, new Date(Date.now() - FRESH_PROOF_MAX_AGE_MS - 1_000), "password");
    const answer = await (await actions()).requestEmailChangeAction(null, emailChange(`neu-${owner.user.id}@example.com`));
    expect(answer).toMatchObject({ ok: false, code: "identity_proof_required" });
    expect(await pendingEmailOf(owner.user.id)).toBeNull();
  });

  it("is bound to the session that gave it: another session of the same account gains nothing from it", async () => {
    const { owner } = await signedInOwner();
    // The owner proved on another device a minute ago; the attacker holds this session.
    const other = await openSession({
      userId: owner.user.id,
      method: "password",
      twoFactorPending: false,
      strongAuth: false,
      client: { ip: "198.51.100.77" },
    });
    await markIdentityProved(other.sessionId, new Date(Date.now() - MINUTE), "password");
    const answer = await (await actions()).requestEmailChangeAction(null, emailChange(`neu-${owner.user.id}@example.com`));
    expect(answer).toMatchObject({ ok: false, code: "identity_proof_required" });
    expect(await pendingEmailOf(owner.user.id)).toBeNull();
  });

  it("counts only where the change accepts its kind: with two-factor on, a password proof does not change the address", async () => {
    const { owner, session } = await signedInOwner({ totp: true });
    await markIdentityProved(session.id, new Date(Date.now() - MINUTE), "password");
    const answer = await (await actions()).requestEmailChangeAction(null, emailChange(`neu-${owner.user.id}@example.com`));
    expect(answer).toMatchObject({ ok: false, code: "identity_proof_required" });
    expect(await pendingEmailOf(owner.user.id)).toBeNull();
  });

  it("a stamp far in the future is no proof we made", async () => {
    const { owner, session } = await signedInOwner();
    await markIdentityProved(session.id, new Date(Date.now() + 60 * MINUTE), "password");
    const answer = await (await actions()).requestEmailChangeAction(null, emailChange(`neu-${owner.user.id}@example.com`));
    expect(answer).toMatchObject({ ok: false, code: "identity_proof_required" });
    expect(await pendingEmailOf(owner.user.id)).toBeNull();
  });

  it("never stands in for the current code that switching two-factor off needs (spec 5.4)", async () => {
    const { owner, session } = await signedInOwner({ totp: true });
    await markIdentityProved(session.id, new Date(Date.now() - MINUTE), "app_code");
    const form = new FormData();
    form.set("intent", "disable");
    const answer = await (await actions()).manageTwoFactor(null, form);
    expect(answer).toMatchObject({ ok: false, code: "identity_proof_required" });
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.user.id } })).totpConfirmedAt).not.toBeNull();
  });
});
