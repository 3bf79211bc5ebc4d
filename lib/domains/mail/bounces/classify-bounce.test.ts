import { describe, expect, it } from "vitest";
import { classifyBounce, type BounceInput } from "./classify-bounce";

const pick = (input: BounceInput) => {
  const c = classifyBounce(input);
  return [c.kind, c.statusCode, c.suppressesAtOnce, c.countsTowardThreshold, c.isRelay];
};

describe("classifyBounce", () => {
  it.each<[string, BounceInput, unknown[]]>([
    ["5.1.1 suppresses at once", { status: "5.1.1" }, ["hard", "5.1.1", true, true, false]],
    [
      "5.1.10 (Exchange, null MX) suppresses at once",
      { status: "5.1.10", diagnostic: "smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound" },
      ["hard", "5.1.10", true, true, false],
    ],
    ["other 5.x.x is hard and counts", { status: "5.2.1" }, ["hard", "5.2.1", false, true, false]],
    ["5.7.x is policy and never counts", { status: "5.7.1" }, ["policy", "5.7.1", false, false, false]],
    ["4.x.x is soft and counts", { status: "4.2.2" }, ["soft", "4.2.2", false, true, false]],
    ["4.7.x (greylisting, rate limits) is policy too", { status: "4.7.0" }, ["policy", "4.7.0", false, false, false]],
    ["5.1.7/5.1.8 name our sender address, not the mailbox", { status: "5.1.8" }, ["policy", "5.1.8", false, false, false]],
    ["leading zeros are dropped", { status: "5.01.001" }, ["hard", "5.1.1", true, true, false]],
  ])("%s", (_name, input, expected) => {
    expect(pick(input)).toEqual(expected);
  });

  it("lets the status code decide before the diagnostic text", () => {
    // The text reads like a dead mailbox, the code says policy: the code wins.
    expect(pick({ status: "5.7.1", diagnostic: "550 5.7.1 User unknown" })[0]).toBe("policy");
    // The text reads like spam filtering, the code says bad mailbox.
    expect(pick({ status: "5.1.1", diagnostic: "rejected as spam" })).toEqual(["hard", "5.1.1", true, true, false]);
    // A soft code with hard-sounding words stays soft.
    expect(pick({ status: "4.4.7", diagnostic: "user unknown" })[0]).toBe("soft");
  });

  it("without a status field takes the enhanced code from the diagnostic, then the basic code, then words", () => {
    expect(pick({ diagnostic: "smtp; 550 5.1.1 <a@example.org>: Recipient address rejected" })).toEqual([
      "hard",
      "5.1.1",
      true,
      true,
      false,
    ]);
    expect(pick({ diagnostic: "smtp; 550-5.7.26 Unauthenticated email is not accepted" })[0]).toBe("policy");
    expect(pick({ diagnostic: "smtp; 550 Mailbox not found" })).toEqual(["hard", "550", false, true, false]);
    expect(pick({ diagnostic: "host mx.example.org[192.0.2.1] said: 452 Too many recipients" })).toEqual([
      "soft",
      "452",
      false,
      true,
      false,
    ]);
    expect(pick({ diagnostic: "Mailbox is full" })).toEqual(["soft", null, false, true, false]);
    expect(pick({ diagnostic: "Message rejected as spam by content filter" })).toEqual(["policy", null, false, false, false]);
    expect(pick({ diagnostic: "No such user here" })).toEqual(["hard", null, false, true, false]);
    expect(pick({ diagnostic: "Mailbox temporarily unavailable" })[0]).toBe("soft");
  });

  it("an invalid status field falls back to the diagnostic", () => {
    expect(pick({ status: "failed", diagnostic: "smtp; 550 5.1.2 Domain not found" })).toEqual(["hard", "5.1.2", true, true, false]);
  });

  it("does not read IP addresses or port numbers as codes", () => {
    expect(pick({ diagnostic: "connect to 10.4.5.6[10.4.5.6]:25: Connection timed out" })).toEqual(["soft", null, false, true, false]);
    expect(pick({ diagnostic: "lost connection with 4.5.6.7 while sending RCPT TO", action: "failed" })).toEqual([
      "soft",
      null,
      false,
      true,
      false,
    ]);
    expect(pick({ diagnostic: "unrecognised trouble", action: "failed" })).toEqual(["hard", null, false, true, false]);
    expect(pick({ diagnostic: "unrecognised trouble", action: "delayed" })).toEqual(["soft", null, false, true, false]);
    expect(pick({})).toEqual(["soft", null, false, true, false]);
  });

  it("flags relay rejections, which never count toward the recipient", () => {
    expect(pick({ status: "5.7.1", diagnostic: "smtp; 554 5.7.1 <a@example.org>: Relay access denied" })).toEqual([
      "policy",
      "5.7.1",
      false,
      false,
      true,
    ]);
    expect(pick({ diagnostic: "550 Relaying denied" })).toEqual(["hard", "550", false, false, true]);
    expect(pick({ diagnostic: "we do not relay: not permitted to relay" })).toEqual(["policy", null, false, false, true]);
    expect(pick({ diagnostic: "The example.com domain is not verified" })).toEqual(["policy", null, false, false, true]);
    expect(pick({ diagnostic: "API key is invalid" })[4]).toBe(true);
    // Even a 5.1.x code does not suppress the recipient when the refusal was about relaying.
    expect(pick({ status: "5.1.1", diagnostic: "relaying denied" })).toEqual(["hard", "5.1.1", false, false, true]);
  });
});
