import { describe, expect, it } from "vitest";
import { dsnWithReturnedMessage, dsnWithoutStatus, exchangeDsn, postfixDsn } from "@/tests/dsn-fixtures";
import { parseDsn } from "./parse-dsn";

const REF = "v1.o42.abcdefghijklmnopqrstuvwxyzABCDEF";

describe("parseDsn", () => {
  it("reads a Postfix report: folded diagnostic, both recipients, returned headers", async () => {
    const dsn = await parseDsn(postfixDsn({ recipient: "Alice@Example.org", ref: REF, messageId: "<bounce-1@mx.example.net>" }));
    expect(dsn.messageId).toBe("<bounce-1@mx.example.net>");
    expect(dsn.recipients).toEqual([
      {
        originalRecipient: "alice@example.org",
        finalRecipient: "alice@example.org",
        action: "failed",
        status: "5.1.1",
        diagnostic: "smtp; 550 5.1.1 <Alice@Example.org>: Recipient address rejected: User unknown in virtual mailbox table",
      },
    ]);
    expect(dsn.returnedHeaders.get("x-pd-ref")).toEqual([REF]);
    expect(dsn.returnedHeaders.get("to")).toEqual(["Alice@Example.org"]);
  });

  it("reads one block per recipient", async () => {
    const dsn = await parseDsn(
      postfixDsn({ recipient: "a@example.org" }, [
        { recipient: "b@example.org", status: "4.4.7", action: "delayed", diagnostic: "450 4.4.7 try later" },
      ]),
    );
    expect(dsn.recipients.map((r) => [r.finalRecipient, r.action, r.status])).toEqual([
      ["a@example.org", "failed", "5.1.1"],
      ["b@example.org", "delayed", "4.4.7"],
    ]);
  });

  it("reads an Exchange report beside its text and HTML notice", async () => {
    const dsn = await parseDsn(exchangeDsn({ recipient: "bob@contoso.example", ref: REF }));
    expect(dsn.recipients).toHaveLength(1);
    expect(dsn.recipients[0]).toMatchObject({
      finalRecipient: "bob@contoso.example",
      originalRecipient: "bob@contoso.example",
      status: "5.1.10",
      action: "failed",
    });
    expect(dsn.recipients[0]!.diagnostic).toContain("RESOLVER.ADR.RecipientNotFound");
    expect(dsn.returnedHeaders.get("x-pd-ref")).toEqual([REF]);
  });

  it("leaves the status empty when the report has no Status field", async () => {
    const dsn = await parseDsn(dsnWithoutStatus({ recipient: "carol@example.com", diagnostic: "550 5.1.1 No such user" }));
    expect(dsn.recipients[0]).toMatchObject({
      status: null,
      diagnostic: "smtp; 550 5.1.1 No such user",
      finalRecipient: "carol@example.com",
    });
  });

  it("finds the reference header in a returned message/rfc822 part, not in its body", async () => {
    const dsn = await parseDsn(dsnWithReturnedMessage({ recipient: "dave@example.com", ref: REF }));
    expect(dsn.returnedHeaders.get("x-pd-ref")).toEqual([REF]);
    expect(dsn.returnedHeaders.has("guten tag,")).toBe(false);
    expect(dsn.recipients[0]).toMatchObject({ finalRecipient: "dave@example.com", status: "5.1.1" });
  });

  it("keeps Original-Recipient apart from Final-Recipient after forwarding", async () => {
    const dsn = await parseDsn(postfixDsn({ recipient: "eve@forward.example", originalRecipient: "eve@example.com" }));
    expect(dsn.recipients[0]).toMatchObject({ originalRecipient: "eve@example.com", finalRecipient: "eve@forward.example" });
  });

  it("returns no recipients for mail that is no delivery report", async () => {
    const dsn = await parseDsn(
      "From: someone@example.com\r\nTo: bounces@pressdesk.example\r\nSubject: hello\r\nX-PD-Ref: forged\r\n\r\nJust a note.\r\n",
    );
    expect(dsn.recipients).toEqual([]);
    expect(dsn.returnedHeaders.size).toBe(0);
  });
});
