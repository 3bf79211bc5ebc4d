import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { observeWebhook } from "./webhook-failures";

// The failure detail is shown to operators (alerts, /admin/system). A bounce's error names its
// recipient, and a sender can put anything into a payload we quote: the detail goes through the
// same privacy filter as error-tracker events.

afterEach(async () => {
  vi.restoreAllMocks();
  await db.webhookFailure.deleteMany({});
});

describe("observeWebhook", () => {
  it("stores the failure's detail through the privacy filter, whatever address or secret the error quotes", async () => {
    const quoted = "bounce for j%C3%BCrgen%40b%C3%BCcher.de and пётр@почта.рф not recorded: password: hunter2, deadlock detected";
    await expect(observeWebhook("resend", () => Promise.reject(new Error(`${quoted}\nat line 2 presse@firma.de`)))).rejects.toThrow(
      "deadlock detected",
    );
    const [row] = await db.webhookFailure.findMany({ where: { source: "resend", kind: "error" } });
    expect(row!.lastDetail).toBe("bounce for [email] and [email] not recorded: password: [filtered], deadlock detected");
  });

  it("cuts the detail after masking, so no half address is left at the cut", async () => {
    const address = "jürgen.müller@bücher.de";
    const message = `${"x ".repeat(145)}${address} ${"y".repeat(400)}`;
    await expect(observeWebhook("stripe", () => Promise.reject(new Error(message)))).rejects.toThrow();
    const [row] = await db.webhookFailure.findMany({ where: { source: "stripe", kind: "error" } });
    expect(row!.lastDetail).toHaveLength(300);
    expect(row!.lastDetail).toContain("[email]");
    expect(row!.lastDetail).not.toContain("jürgen");
  });
});
