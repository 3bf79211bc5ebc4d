import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LegalDecisionForm } from "@/components/admin/legal-step-forms";
import { customerLegalRequests } from "@/lib/adapters/dashboard/legal-requests";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedUser } from "@/tests/factories";
import { complianceAdmin, eventsOf, seedLegalRequest, seedPublishedRelease } from "@/tests/legal-request-fixtures";
import { seedAdmin } from "@/tests/release-fixtures";
import { join } from "@/tests/team-fixtures";
import { decideLegalRequest } from "./decide-legal-request";
import { startLegalRequestReview } from "./start-legal-request-review";
import { withdrawLegalRequest } from "./withdraw-legal-request";

// The status machine (received → in_review → approved | rejected; withdrawn by the requester
// while undecided), each step with its insert-only event and activity entry, written also as the
// attacker: an admin without compliance:manage, the customer, a stranger, two editors at once.

const NOW = new Date("2026-11-24T10:00:00Z");

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

async function underReview(track: "correction" | "report" = "correction") {
  const { release } = await seedPublishedRelease();
  const editor = await complianceAdmin();
  const request = await seedLegalRequest({ track, releaseId: release.id });
  await startLegalRequestReview({ legalRequestId: request.id, adminUserId: editor.id, now: NOW });
  return { release, editor, request };
}

describe("startLegalRequestReview / decideLegalRequest", () => {
  it("takes a request into review and decides it, each step with its event (decision, note, actor) and activity entry", async () => {
    const { editor, request } = await underReview();
    const decided = await decideLegalRequest({
      legalRequestId: request.id,
      adminUserId: editor.id,
      decision: "approve",
      note: "  Das Datum ist nachweislich falsch. ",
      now: NOW,
    });
    expect(decided).toMatchObject({
      status: "approved",
      decisionNote: "Das Datum ist nachweislich falsch.",
      decidedByUserId: editor.id,
      decidedAt: NOW,
    });
    const events = await eventsOf(request.id);
    expect(events.map((e) => [e.type, e.actorUserId, e.data])).toEqual([
      ["review_started", editor.id, { from: "received", to: "in_review", note: null }],
      ["approved", editor.id, { from: "in_review", to: "approved", note: "Das Datum ist nachweislich falsch." }],
    ]);
    const activity = await db.activityLog.findMany({
      where: { subjectType: "legal_request", subjectId: String(request.id) },
      orderBy: { id: "asc" },
    });
    expect(activity.map((a) => [a.type, a.actorUserId, a.result])).toEqual([
      ["legal_request.review_started", editor.id, "in_review"],
      ["legal_request.approved", editor.id, "approved"],
    ]);
  });

  it("rejects with a required note, and refuses every step the machine does not have", async () => {
    const { editor, request } = await underReview();
    expect(
      await errorOf(decideLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, decision: "reject", note: "   " })),
    ).toMatchObject({
      code: "validation_failed",
      issues: [{ path: "note", message: "Bitte geben Sie eine Begründung an." }],
    });
    expect(
      (
        await decideLegalRequest({
          legalRequestId: request.id,
          adminUserId: editor.id,
          decision: "reject",
          note: "Keine Rechtsverletzung erkennbar.",
        })
      ).status,
    ).toBe("rejected");
    for (const step of [
      decideLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, decision: "approve", note: "Doch." }),
      startLegalRequestReview({ legalRequestId: request.id, adminUserId: editor.id }),
    ])
      expect((await errorOf(step)).code).toBe("conflict");
    // A received request is taken into review before anyone decides it.
    const fresh = await seedLegalRequest({ track: "change" });
    expect(
      (await errorOf(decideLegalRequest({ legalRequestId: fresh.id, adminUserId: editor.id, decision: "approve", note: "Ja." }))).code,
    ).toBe("conflict");
    expect((await eventsOf(request.id)).map((e) => e.type)).toEqual(["review_started", "rejected"]);
  });

  it("lets exactly one of two editors deciding at once win; the other learns it is decided", async () => {
    const { request } = await underReview();
    const [a, b] = [await complianceAdmin(), await complianceAdmin()];
    const results = await Promise.allSettled([
      decideLegalRequest({ legalRequestId: request.id, adminUserId: a.id, decision: "approve", note: "Stattgegeben." }),
      decideLegalRequest({ legalRequestId: request.id, adminUserId: b.id, decision: "reject", note: "Abgelehnt." }),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(AppError);
    expect((lost[0]!.reason as AppError).code).toBe("conflict");
    const stored = await db.legalRequest.findUniqueOrThrow({ where: { id: request.id } });
    const decisions = (await eventsOf(request.id)).filter((e) => e.type === "approved" || e.type === "rejected");
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.type).toBe(stored.status);
    expect(decisions[0]!.actorUserId).toBe(stored.decidedByUserId);
  });

  it("lets exactly one of two editors taking a request into review at once win", async () => {
    const request = await seedLegalRequest({ track: "report", requesterUserId: null });
    const editors = await Promise.all([complianceAdmin(), complianceAdmin(), complianceAdmin()]);
    const results = await Promise.allSettled(
      editors.map((e) => startLegalRequestReview({ legalRequestId: request.id, adminUserId: e.id })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await eventsOf(request.id)).map((e) => e.type)).toEqual(["review_started"]);
  });

  it("refuses an admin without compliance:manage, a deactivated editor, the customer and the requester, and changes nothing", async () => {
    const { request } = await underReview();
    const attackers = [
      await seedAdmin(["press-releases:publish", "users:manage", "billing:manage", "companies:write"]),
      await seedUser({ staffRole: "admin", permissions: ["compliance:manage"], isActive: false }),
      await seedUser({ staffRole: "super_admin", deletedAt: NOW }),
      await seedUser(),
      await db.user.findUniqueOrThrow({ where: { id: request.requesterUserId! } }),
    ];
    for (const attacker of attackers) {
      expect(
        (
          await errorOf(
            decideLegalRequest({ legalRequestId: request.id, adminUserId: attacker.id, decision: "approve", note: "Ich entscheide das." }),
          )
        ).code,
      ).toBe("forbidden");
      expect((await errorOf(startLegalRequestReview({ legalRequestId: request.id, adminUserId: attacker.id }))).code).toBe("forbidden");
    }
    expect((await db.legalRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("in_review");
    expect((await eventsOf(request.id)).map((e) => e.type)).toEqual(["review_started"]);
    // An active super-admin passes the global check.
    const boss = await seedUser({ staffRole: "super_admin" });
    expect(
      (await decideLegalRequest({ legalRequestId: request.id, adminUserId: boss.id, decision: "approve", note: "Stattgegeben." })).status,
    ).toBe("approved");
  });

  it("answers not_found for ids that name no request", async () => {
    const editor = await complianceAdmin();
    for (const id of [0, -1, 2_147_483_647, 2_147_483_648, 1.5]) {
      expect((await errorOf(startLegalRequestReview({ legalRequestId: id, adminUserId: editor.id }))).code).toBe("not_found");
    }
  });
});

describe("withdrawLegalRequest", () => {
  it("lets the requester withdraw while undecided, never after, and nobody else", async () => {
    const { editor, request } = await underReview();
    const stranger = await seedUser();
    expect((await errorOf(withdrawLegalRequest({ legalRequestId: request.id, requesterUserId: stranger.id }))).code).toBe("not_found");
    expect((await errorOf(withdrawLegalRequest({ legalRequestId: request.id, requesterUserId: editor.id }))).code).toBe("not_found");
    const withdrawn = await withdrawLegalRequest({
      legalRequestId: request.id,
      requesterUserId: request.requesterUserId!,
      note: "Hat sich erledigt.",
      now: NOW,
    });
    expect(withdrawn.status).toBe("withdrawn");
    expect((await eventsOf(request.id)).at(-1)).toMatchObject({
      type: "withdrawn",
      actorUserId: request.requesterUserId,
      data: { from: "in_review", to: "withdrawn", note: "Hat sich erledigt." },
    });
    expect(
      (await errorOf(decideLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, decision: "approve", note: "Zu spät." })))
        .code,
    ).toBe("conflict");

    const decided = await underReview();
    await decideLegalRequest({
      legalRequestId: decided.request.id,
      adminUserId: decided.editor.id,
      decision: "approve",
      note: "Stattgegeben.",
    });
    expect(
      (await errorOf(withdrawLegalRequest({ legalRequestId: decided.request.id, requesterUserId: decided.request.requesterUserId! }))).code,
    ).toBe("conflict");
  });

  it("races a withdrawal against a decision: one of them wins, the request is never both", async () => {
    const { editor, request } = await underReview();
    const results = await Promise.allSettled([
      withdrawLegalRequest({ legalRequestId: request.id, requesterUserId: request.requesterUserId! }),
      decideLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, decision: "approve", note: "Stattgegeben." }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const types = (await eventsOf(request.id)).map((e) => e.type);
    expect(types.filter((t) => t === "withdrawn" || t === "approved")).toHaveLength(1);
  });
});

describe("who reads the reasoning of a decision", () => {
  const hintOf = (source: "customer" | "form") => {
    const html = renderToStaticMarkup(createElement(LegalDecisionForm, { action: async () => ({ ok: true }), source }));
    return /<p class="hint" id="decision-note-hint">([^<]*)<\/p>/.exec(html)?.[1] ?? "";
  };

  it("the form says what happens: a rejection of a customer's request reaches every member of the newsroom", async () => {
    const { owner, company, release } = await seedPublishedRelease();
    const colleague = await join(company.id, "member");
    const editor = await complianceAdmin();
    const request = await seedLegalRequest({ track: "depublication", releaseId: release.id, requesterUserId: owner.id });
    await startLegalRequestReview({ legalRequestId: request.id, adminUserId: editor.id });
    await decideLegalRequest({
      legalRequestId: request.id,
      adminUserId: editor.id,
      decision: "reject",
      note: "Die Angaben sind belegt; kein Anlass zur Depublizierung.",
    });
    // A member who did not file it reads the reasoning in the customer area ...
    expect((await customerLegalRequests(colleague.id)).find((r) => r.id === request.id)?.decisionNote).toBe(
      "Die Angaben sind belegt; kein Anlass zur Depublizierung.",
    );
    // ... and the editor's form says so before it is written.
    expect(hintOf("customer")).toMatch(/alle Mitglieder des Newsrooms im Kundenbereich, auch bei einer Ablehnung/);
    expect(hintOf("form")).not.toMatch(/Newsroom/);
    expect(hintOf("form")).toMatch(/Bestätigungsmail/);
  });
});
