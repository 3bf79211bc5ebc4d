import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { signIn, withPageSession } from "@/tests/page-session";
import { complianceAdmin, eventsOf, seedLegalRequest, seedPublishedRelease } from "@/tests/legal-request-fixtures";
import { decide, execute, startReview } from "./actions";

// The server actions of /admin/legal/[id] as an attacker calls them, behind a real session
// cookie: a customer (even the requester), an admin without compliance:manage, forged ids and
// forged input. A refusal is a form message or Next's 403, never a change and never a 500.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();
// Outside a request there is no router to refresh.
vi.mock("next/cache", () => ({ refresh: () => {} }));

/** What a forbidden() or redirect() of Next threw (its digest), else the answer. */
const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (v) => v,
    (e: { digest?: string }) => e.digest ?? e,
  );

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

async function inReview() {
  const { owner, release } = await seedPublishedRelease();
  const request = await seedLegalRequest({ track: "depublication", releaseId: release.id, requesterUserId: owner.id, status: "in_review" });
  return { owner, release, request };
}

describe("admin legal actions", () => {
  it("answers a customer (the requester too) with 403 and changes nothing", async () => {
    const { owner, request } = await inReview();
    for (const customer of [owner, await seedUser()]) {
      await signIn(customer.id);
      expect(await outcome(decide(request.id, null, form({ decision: "approve", note: "Selbst genehmigt." })))).toBe(
        "NEXT_HTTP_ERROR_FALLBACK;403",
      );
      expect(await outcome(execute(request.id, null, { measure: "depublish" }))).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    }
    expect((await db.legalRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("in_review");
    expect(await eventsOf(request.id)).toEqual([]);
  });

  it("answers an admin without compliance:manage with a form message and changes nothing", async () => {
    const { request } = await inReview();
    await signIn(
      (await seedUser({ staffRole: "admin", permissions: ["press-releases:publish", "users:manage", "billing:manage", "companies:write"] }))
        .id,
    );
    expect(await decide(request.id, null, form({ decision: "approve", note: "Ich darf das nicht." }))).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "Dafür fehlt Ihnen die Berechtigung.",
    });
    expect(await startReview(request.id, null, form({}))).toMatchObject({ ok: false, code: "forbidden" });
    expect((await db.legalRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("in_review");
  });

  it("decides and executes for an editor with compliance:manage; forged ids and input are form messages", async () => {
    const { release, request } = await inReview();
    await signIn((await complianceAdmin()).id);
    for (const id of [0, -5, 2_147_483_648, Number.NaN, 1.5, "7x" as unknown as number]) {
      expect(await decide(id, null, form({ decision: "approve", note: "x" }))).toMatchObject({
        ok: false,
        message: "Dieses Anliegen gibt es nicht (mehr).",
      });
    }
    expect(await decide(2_147_483_647, null, form({ decision: "approve", note: "x" }))).toMatchObject({ ok: false, code: "not_found" });
    expect(await decide(request.id, null, form({ decision: "maybe", note: "x" }))).toMatchObject({
      ok: false,
      issues: { decision: expect.any(String) },
    });
    expect(await decide(request.id, null, form({ decision: "approve", note: "" }))).toMatchObject({
      ok: false,
      issues: { note: "Bitte geben Sie eine Begründung an." },
    });
    expect(await decide(request.id, null, form({ decision: "approve", note: "Urteil liegt vor." }))).toMatchObject({ ok: true });
    const late = await decide(request.id, null, form({ decision: "reject", note: "Doch nicht." }));
    expect(late).toMatchObject({ ok: false, code: "conflict" });
    // The domain's English wording (with the state it found) stays in the logs.
    expect(late).not.toHaveProperty("detail");

    for (const forged of [null, "depublish", 42, { measure: "delete-everything" }, { measure: ["depublish"] }]) {
      expect(await execute(request.id, null, forged)).toMatchObject({ ok: false, issues: { measure: "Bitte wählen Sie eine Maßnahme." } });
    }
    const wrong = await execute(request.id, null, { measure: "text", publicNote: "x", title: "x", body: "x" });
    expect(wrong).toMatchObject({ ok: false, issues: { measure: expect.any(String) } });
    expect(wrong).not.toHaveProperty("detail");
    expect(await execute(request.id, null, { measure: "depublish", publicNote: "Zurückgezogen auf Antrag des Newsrooms." })).toMatchObject({
      ok: true,
    });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("depublished");
    expect((await eventsOf(request.id)).map((e) => e.type)).toEqual(["approved", "executed"]);
  });
});
