import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LegalRequestPanel } from "@/components/admin/legal-request-panel";
import { loadLegalRequest } from "@/lib/domains/legal/requests/load-legal-request";
import { seedLegalRequest } from "@/tests/legal-request-fixtures";
import { mailtoHref } from "./mailto-href";

// The editors' mailto links to a requester (legal requests, contact messages) as an attacker
// would shape the stored address: the link names that one recipient and nothing more.

const HOSTILE = "victim@example.test?cc=attacker%40evil.example&subject=Hallo&body=x";

describe("mailtoHref", () => {
  it("keeps a plain address readable", () => {
    expect(mailtoHref("erika.muster+presse@example.test")).toBe("mailto:erika.muster%2Bpresse@example.test");
  });

  it("as an attacker: an address cannot add a recipient, a subject or a body", () => {
    const href = mailtoHref(HOSTILE);
    expect(href).toBe("mailto:victim@example.test%3Fcc%3Dattacker%2540evil.example%26subject%3DHallo%26body%3Dx");
    expect(new URL(href).search).toBe("");
    expect(href.slice("mailto:".length)).not.toMatch(/[?&=#]/);
  });
});

describe("the legal request panel", () => {
  it("as an attacker: a stored address with a query becomes no extra recipient in the editors' link", async () => {
    const request = await seedLegalRequest({ track: "report", requesterUserId: null, data: { requesterEmail: HOSTILE } });
    const html = renderToStaticMarkup(LegalRequestPanel({ detail: (await loadLegalRequest(request.id))! }));
    const href = /href="(mailto:[^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(href).toBe(mailtoHref(HOSTILE));
    expect(html).not.toContain('href="mailto:victim@example.test?cc=');
  });
});
