import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedUser, unique } from "@/tests/factories";
import { signIn, signInPasswordOnly, withPageSession } from "@/tests/page-session";

// A thief with a super-admin's password (no passkey, no app code) against the customer area:
// another customer's newsroom, its team, an invitation of an owner. Staff act on other
// customers' newsrooms only in the admin area, behind its strong confirmation, so the customer
// area refuses them even when confirmed. The pages and actions run behind a real session cookie.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "rendered",
    (e: { digest?: string }) => e.digest ?? String(e),
  );
const teamPage = async (id: number) => (await import("./[id]/team/page")).default({ params: Promise.resolve({ id: String(id) }) });
const profilePage = async (id: number) =>
  (await import("./[id]/page")).default({ params: Promise.resolve({ id: String(id) }), searchParams: Promise.resolve({}) });
const invite = async (companyId: number, email: string) => {
  const form = new FormData();
  form.set("email", email);
  form.set("role", "owner");
  return (await import("./[id]/team/actions")).inviteMemberAction(companyId, null, form);
};

async function customerNewsroom() {
  const owner = await seedUser();
  const company = await seedCompany({ name: "Hansebank AG" });
  await db.companyUser.create({ data: { companyId: company.id, userId: owner.id, role: "owner", grantedVia: "manual" } });
  return { owner, company };
}

describe("a super-admin in another customer's newsroom from the customer area", () => {
  it("signed in with the password only, neither sees the team nor invites an owner", async () => {
    const { company } = await customerNewsroom();
    const superAdmin = await seedUser({ staffRole: "super_admin" });
    await signInPasswordOnly(superAdmin.id);

    expect(await outcome(teamPage(company.id))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    expect(await outcome(profilePage(company.id))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    const attacker = `${unique("attacker")}@example.com`;
    const answer = await invite(company.id, attacker);
    expect(answer.ok).toBe(false);
    expect(await db.companyInvitation.count({ where: { companyId: company.id } })).toBe(0);
    expect(await db.mailOutbox.count({ where: { to: attacker } })).toBe(0);
  });

  it("gets no further with a confirmed session: other customers' newsrooms are the admin area's", async () => {
    const { company } = await customerNewsroom();
    await signIn((await seedUser({ staffRole: "super_admin" })).id);
    expect(await outcome(teamPage(company.id))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    expect((await invite(company.id, `${unique("x")}@example.com`)).ok).toBe(false);
    expect(await db.companyInvitation.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("still works in a newsroom the super-admin owns", async () => {
    const { owner, company } = await customerNewsroom();
    await db.user.update({ where: { id: owner.id }, data: { staffRole: "super_admin" } });
    await signInPasswordOnly(owner.id);
    expect(await outcome(teamPage(company.id))).toBe("rendered");
  });
});
