import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/mail/inbound/route";
import { getConfig, resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { isSendingHalted } from "@/lib/domains/mail/circuit-breaker";
import { signMailRef } from "@/lib/domains/mail/mail-ref";
import { findSuppression } from "@/lib/domains/mail/suppression";
import { dsnMessageId, dsnWithReturnedMessage, dsnWithoutStatus, exchangeDsn, postfixDsn, type DsnFixture } from "./dsn-fixtures";
import {
  blocksTransactional,
  bounceAddress,
  enableBounceRoutes,
  sentRef,
  INBOUND_SECRET,
  inboundRequest,
  storedBounces,
} from "./mail-bounce-helpers";

const ref = (recipient: string) => sentRef(recipient);
const withHeader = (f: DsnFixture): DsnFixture => ({ refHeaderName: getConfig().mail.refHeader, ...f });

beforeEach(() => {
  enableBounceRoutes();
});

afterEach(() => {
  delete process.env.INBOUND_MAIL_SECRET;
  resetConfigForTests();
});

describe("POST /api/mail/inbound", () => {
  it("answers 404 while no inbound secret is configured, 401 without the right bearer", async () => {
    const dsn = postfixDsn({ recipient: bounceAddress() });
    for (const token of [null, "wrong", `${INBOUND_SECRET}x`]) {
      const res = await POST(inboundRequest(dsn, token));
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe("unauthenticated");
    }
    delete process.env.INBOUND_MAIL_SECRET;
    resetConfigForTests();
    expect((await POST(inboundRequest(dsn))).status).toBe(404);
  });

  it("refuses a message over 2 MiB with 413", async () => {
    const email = bounceAddress("large");
    const res = await POST(
      inboundRequest(postfixDsn(withHeader({ recipient: email, ref: await ref(email) })) + "x".repeat(2 * 1024 * 1024)),
    );
    expect(res.status).toBe(413);
    expect(await storedBounces(email)).toEqual([]);
  });

  it.each([
    ["Postfix", postfixDsn, "5.1.1"],
    ["Exchange", exchangeDsn, "5.1.10"],
    ["no Status field", dsnWithoutStatus, "5.1.1"],
    ["returned message/rfc822", dsnWithReturnedMessage, "5.1.1"],
  ] as const)("suppresses on a signed %s report", async (_name, build, code) => {
    const email = bounceAddress("signed");
    const res = await POST(inboundRequest(build(withHeader({ recipient: email, ref: await ref(email) }))));
    expect(res.status).toBe(200);
    expect((await res.json()).recipients).toMatchObject([{ email, kind: "hard", signed: true, suppressed: true, recorded: true }]);
    expect(await storedBounces(email)).toMatchObject([{ kind: "hard", statusCode: code, signed: true, needsReview: false, source: "dsn" }]);
    expect(await blocksTransactional(email)).toBe(true);
  });

  it("never suppresses on an unsigned report: it waits for review as a policy bounce", async () => {
    const email = bounceAddress("unsigned");
    for (let i = 0; i < 4; i++) expect((await POST(inboundRequest(postfixDsn({ recipient: email })))).status).toBe(200);
    const rows = await storedBounces(email);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.kind === "policy" && r.needsReview && !r.signed)).toBe(true);
    expect(await blocksTransactional(email)).toBe(false);
    // A note for an operator that blocks nothing.
    expect((await findSuppression(email))?.state).toBe("policy_review");
  });

  it("does not take a reference header copied from a mail to someone else as a signature", async () => {
    const attacker = bounceAddress("attacker");
    const victim = bounceAddress("victim");
    // The attacker quotes the genuine header of a mail they received themselves.
    const forged = postfixDsn(withHeader({ recipient: victim, ref: await ref(attacker) }));
    expect((await POST(inboundRequest(forged))).status).toBe(200);
    expect(await storedBounces(victim)).toMatchObject([{ signed: false, needsReview: true }]);
    expect(await blocksTransactional(victim)).toBe(false);
    expect(await storedBounces(attacker)).toEqual([]);
  });

  it("does not sign a report whose header was altered, or which names another ref", async () => {
    const email = bounceAddress("altered");
    const genuine = await ref(email);
    const altered = genuine.slice(0, -1) + (genuine.endsWith("A") ? "B" : "A");
    const otherRef = signMailRef("o43", bounceAddress("other"));
    await POST(inboundRequest(postfixDsn(withHeader({ recipient: email, ref: altered }))));
    await POST(inboundRequest(postfixDsn(withHeader({ recipient: email, ref: otherRef }))));
    expect((await storedBounces(email)).map((r) => r.signed)).toEqual([false, false]);
    expect(await blocksTransactional(email)).toBe(false);
  });

  it("checks each recipient of a report against the header on its own", async () => {
    const ours = bounceAddress("ours");
    const other = bounceAddress("other");
    const dsn = postfixDsn(withHeader({ recipient: ours, ref: await ref(ours) }), [{ recipient: other }]);
    const body = await (await POST(inboundRequest(dsn))).json();
    expect(body.recipients.map((r: { email: string; signed: boolean }) => [r.email, r.signed])).toEqual([
      [ours, true],
      [other, false],
    ]);
    expect(await blocksTransactional(ours)).toBe(true);
    expect(await blocksTransactional(other)).toBe(false);
  });

  it("verifies against the address we sent to when the mail was forwarded", async () => {
    const original = bounceAddress("original");
    const forwarded = bounceAddress("forwarded");
    await POST(inboundRequest(postfixDsn(withHeader({ recipient: forwarded, originalRecipient: original, ref: await ref(original) }))));
    expect(await storedBounces(original)).toMatchObject([{ signed: true, kind: "hard" }]);
    expect(await blocksTransactional(original)).toBe(true);
  });

  it("records a report piped twice once", async () => {
    const email = bounceAddress("twice");
    const dsn = postfixDsn(
      withHeader({
        recipient: email,
        ref: await ref(email),
        status: "4.4.7",
        diagnostic: "450 4.4.7 Message delayed too long",
        messageId: dsnMessageId(),
      }),
    );
    await Promise.all([POST(inboundRequest(dsn)), POST(inboundRequest(dsn))]);
    const again = await (await POST(inboundRequest(dsn))).json();
    expect(again.recipients).toMatchObject([{ email, recorded: false }]);
    expect(await storedBounces(email)).toHaveLength(1);
  });

  it("ignores reports of delays and mail that is no report", async () => {
    const email = bounceAddress("delayed");
    await POST(inboundRequest(postfixDsn(withHeader({ recipient: email, ref: await ref(email), action: "delayed", status: "4.4.1" }))));
    const res = await POST(inboundRequest("From: someone@example.com\r\nSubject: out of office\r\n\r\nI am away.\r\n"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ messageId: null, recipients: [] });
    expect(await storedBounces(email)).toEqual([]);
  });

  it("never lets a remote server's relay refusals halt our mail, signed or not (an attacker's own mail server could send them)", async () => {
    const { threshold } = getConfig().mail.circuit;
    const recipients = Array.from({ length: threshold + 1 }, () => bounceAddress("relay"));
    for (const [i, email] of recipients.entries()) {
      const dsn = postfixDsn(
        withHeader({
          recipient: email,
          ref: i % 2 ? await ref(email) : null,
          status: "5.7.1",
          diagnostic: `554 5.7.1 <${email}>: Relay access denied`,
        }),
      );
      expect((await POST(inboundRequest(dsn))).status).toBe(200);
    }
    expect(await db.emailBounce.count({ where: { isRelay: true } })).toBe(0);
    expect((await isSendingHalted()).halted).toBe(false);
    for (const email of recipients) expect(await blocksTransactional(email)).toBe(false);
  });

  it("counts a replayed reference once, and not at all when it names no recent mail to the address", async () => {
    const victim = bounceAddress("replayed");
    const header = await ref(victim);
    // Five forged reports quoting one real header: one bounce, below the threshold of three.
    for (let i = 0; i < 5; i++) {
      await POST(
        inboundRequest(
          postfixDsn(
            withHeader({ recipient: victim, ref: header, status: "4.2.2", diagnostic: "452 4.2.2 over quota", messageId: dsnMessageId() }),
          ),
        ),
      );
    }
    expect((await storedBounces(victim)).filter((b) => b.signed)).toHaveLength(1);
    expect(await blocksTransactional(victim)).toBe(false);
    // A header of a mail sent long ago, or signed for an outbox row that never went to the address, is unsigned.
    const old = bounceAddress("old");
    const stale = await sentRef(old, new Date(Date.now() - 40 * 86_400_000));
    await POST(inboundRequest(postfixDsn(withHeader({ recipient: old, ref: stale, status: "5.1.1", diagnostic: "550 5.1.1 unknown" }))));
    const never = bounceAddress("never");
    await POST(
      inboundRequest(
        postfixDsn(withHeader({ recipient: never, ref: signMailRef("o999999", never), status: "5.1.1", diagnostic: "550 5.1.1 unknown" })),
      ),
    );
    for (const email of [old, never]) {
      expect(await storedBounces(email)).toMatchObject([{ signed: false, needsReview: true }]);
      expect(await blocksTransactional(email)).toBe(false);
    }
  });

  it("caps what one report can make us do, and answers 200 to what is no readable report", async () => {
    const many = Array.from({ length: 40 }, () => ({ recipient: bounceAddress("many") }));
    const [first, ...rest] = many;
    const res = await POST(inboundRequest(postfixDsn(withHeader({ recipient: first!.recipient, ref: null }), rest)));
    expect(res.status).toBe(200);
    expect((await res.json()).recipients.length).toBeLessThanOrEqual(10);
    const nul = postfixDsn(withHeader({ recipient: bounceAddress("nul"), ref: null, diagnostic: "550 5.1.1 bad\u0000 address" }));
    expect((await POST(inboundRequest(nul))).status).toBe(200);
  });
});
