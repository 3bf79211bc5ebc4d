import { beforeAll, describe, expect, it } from "vitest";
import { POST as inbound } from "@/app/api/mail/inbound/route";
import { POST as resendWebhook } from "@/app/api/webhooks/resend/route";
import { getConfig } from "@/lib/core/config";
import { postfixDsn } from "./dsn-fixtures";
import {
  blocksTransactional,
  bounceAddress,
  sentRef,
  bouncedEvent,
  enableBounceRoutes,
  inboundRequest,
  resendRequest,
  storedBounces,
} from "./mail-bounce-helpers";

// The bounce matrix of spec 6.3: who vouches for the bounce (signed or not) × what the status
// says (5.1.x bad address, other 5.x.x hard, 5.7.x policy, 4.x.x soft) × how it reached us
// (Resend event or DSN by mail). Each row asserts the stored kind, whether it waits for review,
// and whether a transactional mail to the address is blocked afterwards.

type Via = "provider_event" | "dsn";
type Code = "5.1.1" | "5.2.1" | "5.7.1" | "4.2.2";

const REPLY: Record<Code, { message: string; type: string }> = {
  "5.1.1": { message: "550 5.1.1 The email account that you tried to reach does not exist.", type: "Permanent" },
  "5.2.1": { message: "550 5.2.1 The email account that you tried to reach is disabled.", type: "Permanent" },
  "5.7.1": { message: "550 5.7.1 Message rejected due to local policy.", type: "Permanent" },
  "4.2.2": { message: "452 4.2.2 The email account that you tried to reach is over quota.", type: "Transient" },
};

/** Sends one bounce for `email`; returns the HTTP status of the route that took it. */
async function bounce(email: string, code: Code, via: Via, signed: boolean): Promise<number> {
  if (via === "provider_event") {
    // An unsigned provider event can only be a forged one: signed with some other secret.
    const event = bouncedEvent(email, { type: REPLY[code].type, subType: "General", message: REPLY[code].message });
    return (
      await resendWebhook(
        resendRequest(event, signed ? {} : { secret: `whsec_${Buffer.from("not-resend-not-resend-123").toString("base64")}` }),
      )
    ).status;
  }
  const dsn = postfixDsn({
    recipient: email,
    status: code,
    diagnostic: REPLY[code].message,
    ref: signed ? await sentRef(email) : null,
    refHeaderName: getConfig().mail.refHeader,
  });
  return (await inbound(inboundRequest(dsn))).status;
}

interface Expected {
  status: number;
  /** The one stored row; null: nothing stored. */
  row: { kind: string; needsReview: boolean } | null;
  blocked: boolean;
}

const signedOutcome: Record<Code, Omit<Expected, "status">> = {
  "5.1.1": { row: { kind: "hard", needsReview: false }, blocked: true },
  "5.2.1": { row: { kind: "hard", needsReview: false }, blocked: false },
  "5.7.1": { row: { kind: "policy", needsReview: false }, blocked: false },
  "4.2.2": { row: { kind: "soft", needsReview: false }, blocked: false },
};

const MATRIX: [string, Via, boolean, Code, Expected][] = [];
for (const via of ["provider_event", "dsn"] as const) {
  for (const code of ["5.1.1", "5.2.1", "5.7.1", "4.2.2"] as const) {
    MATRIX.push([`signed ${via} ${code}`, via, true, code, { status: 200, ...signedOutcome[code] }]);
    MATRIX.push([
      `unsigned ${via} ${code}`,
      via,
      false,
      code,
      via === "provider_event"
        ? { status: 400, row: null, blocked: false } // a forged signature is refused, nothing stored
        : { status: 200, row: { kind: "policy", needsReview: true }, blocked: false }, // BOUNCE_UNSIGNED_KIND=policy
    ]);
  }
}

beforeAll(() => {
  enableBounceRoutes();
});

describe("bounce matrix", () => {
  it.each(MATRIX)("%s", async (_name, via, signed, code, expected) => {
    const email = bounceAddress(code.replaceAll(".", ""));
    expect(await bounce(email, code, via, signed)).toBe(expected.status);
    const rows = await storedBounces(email);
    if (expected.row) {
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...expected.row, source: via, signed, statusCode: code });
    } else {
      expect(rows).toEqual([]);
    }
    expect(await blocksTransactional(email)).toBe(expected.blocked);
  });

  it.each([["provider_event"], ["dsn"]] as const)(
    "signed soft and non-5.1 hard bounces via %s suppress at the threshold, mixed sources together",
    async (via) => {
      const email = bounceAddress("repeat");
      const threshold = getConfig().mail.bounceThreshold;
      expect(threshold).toBe(3);
      const codes: Code[] = ["4.2.2", "5.2.1", "4.2.2"];
      for (const [i, code] of codes.entries()) {
        // The first one comes the other way, so both sources add to one count.
        expect(await bounce(email, code, i === 0 ? (via === "dsn" ? "provider_event" : "dsn") : via, true)).toBe(200);
        expect(await blocksTransactional(email)).toBe(i + 1 >= threshold);
      }
    },
  );

  it("never suppresses on unsigned bounces or policy bounces, however many", async () => {
    const unsigned = bounceAddress("unsigned");
    const policy = bounceAddress("policy");
    for (let i = 0; i < 5; i++) {
      await bounce(unsigned, "5.1.1", "dsn", false);
      await bounce(policy, "5.7.1", i % 2 ? "dsn" : "provider_event", true);
    }
    expect(await storedBounces(unsigned)).toHaveLength(5);
    expect(await storedBounces(policy)).toHaveLength(5);
    expect(await blocksTransactional(unsigned)).toBe(false);
    expect(await blocksTransactional(policy)).toBe(false);
  });
});
