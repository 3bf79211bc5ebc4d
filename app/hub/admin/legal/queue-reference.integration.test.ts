import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { listLegalRequests, parseLegalQueueQuery } from "@/lib/domains/legal/requests/list-legal-requests";
import { seedUser } from "@/tests/factories";
import { signIn, withPageSession } from "@/tests/page-session";
import { complianceAdmin, seedLegalRequest } from "@/tests/legal-request-fixtures";

// A requester calls and quotes the reference of their receipt: the editor finds the request in
// the queue by it, however they type it and whatever its status, behind a real session cookie.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

const render = async (params: Record<string, string>) =>
  renderToStaticMarkup((await (await import("./page")).default({ searchParams: Promise.resolve(params) })) as ReactElement);

describe("/admin/legal by reference", () => {
  it("finds one request by the reference its requester quotes, in any spelling, whatever its status and track", async () => {
    const done = await seedLegalRequest({ track: "report", status: "executed", data: { requesterName: "Erika Anruferin" } });
    const other = await seedLegalRequest({ track: "dsgvo", status: "received", data: { requesterName: "Otto Ungefragt" } });
    await signIn((await complianceAdmin()).id);

    const plain = done.reference.replace(/-/g, "").toLowerCase();
    for (const typed of [done.reference, plain, ` ${done.reference.toLowerCase().replace(/-/g, " ")} `]) {
      const queue = await listLegalRequests(parseLegalQueueQuery({ reference: typed, status: "open", track: "correction" }));
      expect([typed, queue.rows.map((r) => r.id)]).toEqual([typed, [done.id]]);
    }
    const html = await render({ reference: plain });
    expect(html).toContain("Erika Anruferin");
    expect(html).not.toContain("Otto Ungefragt");
    expect(html).toContain(`Vorgang ${done.reference}: gefunden`);
    expect(html).toContain(`value="${plain}"`);
    expect(other.reference).not.toBe(done.reference);
  });

  it("something that is no reference finds nothing and says what one looks like; staff without compliance:manage get no queue", async () => {
    await seedLegalRequest({ track: "report", data: { requesterName: "Erika Anruferin" } });
    await signIn((await complianceAdmin()).id);
    for (const typed of ["Erika", "' OR 1=1 --", "ABCD-EFGH-1234"]) {
      expect((await listLegalRequests(parseLegalQueueQuery({ reference: typed }))).rows).toEqual([]);
    }
    expect(await render({ reference: "Erika" })).toContain("Eine Vorgangsnummer hat die Form XXXX-XXXX-XXXX");
    await signIn((await seedUser({ staffRole: "admin", permissions: ["billing:manage"] })).id);
    expect(
      await render({ reference: "Erika" }).then(
        () => "rendered",
        (e: { digest?: string }) => e.digest,
      ),
    ).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
  });
});
