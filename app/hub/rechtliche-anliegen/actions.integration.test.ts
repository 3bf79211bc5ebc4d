import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { unique } from "@/tests/factories";
import { uniqueClientIp } from "@/tests/client-addresses";
import { filePublicRequestAction } from "./actions";

// The public legal form as someone curious about our volume uses it: they file twice, a while
// apart, and compare what the page and the receipt call their requests.

let requestHeaders = new Headers();
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => new Map() }));

const REFERENCE = /Vorgangsnummer ([0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}) eingegangen/;

async function file(email: string) {
  requestHeaders = new Headers({ "x-forwarded-for": uniqueClientIp() });
  const form = new FormData();
  form.set("kind", "report");
  form.set("name", "Erika Leserin");
  form.set("email", email);
  form.set("subjectUrl", "https://example.org/irgendwo");
  form.set("body", "Die Pressemitteilung enthält eine falsche Behauptung über meinen Verein.");
  const state = await filePublicRequestAction("de", null, form);
  expect(state.ok, state.message).toBe(true);
  const row = await db.legalRequest.findFirstOrThrow({ where: { requesterEmail: email }, select: { id: true, reference: true } });
  return { message: state.message ?? "", row };
}

describe("the public legal form's answer", () => {
  it("names a random reference, never the sequential id, in the page's answer and the receipt", async () => {
    const first = await file(`${unique("neugierig")}@example.test`);
    const second = await file(`${unique("neugierig")}@example.test`);
    expect(second.row.id).toBeGreaterThan(first.row.id);
    const references = [first, second].map(({ message, row }) => {
      const reference = REFERENCE.exec(message)?.[1];
      expect(reference, message).toBe(row.reference);
      expect(message.replace(row.reference, "")).not.toMatch(new RegExp(`\\b${row.id}\\b`));
      return reference!;
    });
    // Not a counter in disguise: neither equal nor next to each other.
    const [a, b] = references.map((r) => Number.parseInt(r.replaceAll("-", ""), 16));
    expect(Math.abs(b! - a!)).toBeGreaterThan(1);

    for (const { row } of [first, second]) {
      const receipt = await db.mailOutbox.findFirstOrThrow({
        where: {
          to: (await db.legalRequest.findUniqueOrThrow({ where: { id: row.id } })).requesterEmail,
          mailType: "legal_request_received",
        },
      });
      expect(receipt.subject).toBe(`Ihr Anliegen ist eingegangen (Vorgang ${row.reference})`);
      expect(receipt.text).toContain(`Vorgangsnummer ${row.reference}.`);
    }
  });

  it("a reference drawn twice is drawn again: the second request is filed under a fresh one, never a 500", async () => {
    const first = await file(`${unique("zuerst")}@example.test`);
    // The database's next draw repeats the first request's reference, once.
    await db.$executeRawUnsafe(`CREATE SEQUENCE IF NOT EXISTS test_reference_draws`);
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_repeat_reference() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF nextval('test_reference_draws') = 1 THEN NEW.reference := '${first.row.reference}'; END IF; RETURN NEW; END $$`);
    await db.$executeRawUnsafe(
      `CREATE TRIGGER test_repeat_reference BEFORE INSERT ON legal_requests FOR EACH ROW EXECUTE FUNCTION test_repeat_reference()`,
    );
    try {
      const second = await file(`${unique("danach")}@example.test`);
      expect(second.row.reference).not.toBe(first.row.reference);
      expect(REFERENCE.exec(second.message)?.[1]).toBe(second.row.reference);
      const events = await db.legalRequestEvent.count({ where: { legalRequestId: second.row.id, type: "received" } });
      expect(events).toBe(1);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER test_repeat_reference ON legal_requests`);
    }
    expect((await db.$queryRaw<{ n: bigint }[]>`SELECT last_value AS n FROM test_reference_draws`)[0]!.n).toBe(2n);
  });
});
