import { describe, expect, it } from "vitest";
import { UPLOADS_PER_PROCESS, UPLOADS_PER_USER, withUploadPermit } from "./upload-capacity";

// Permits are taken before an upload's body is read: what is refused here costs no memory.

function held() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { gate, release };
}

describe("withUploadPermit", () => {
  it(`lets one person have ${UPLOADS_PER_USER} uploads in progress; the next is 429 with Retry-After, and a slot frees when one ends`, async () => {
    const h = held();
    const running = Array.from({ length: UPLOADS_PER_USER }, () => withUploadPermit(1, () => h.gate));
    await expect(withUploadPermit(1, async () => "third")).rejects.toMatchObject({ code: "rate_limited", headers: { "Retry-After": "5" } });
    // Somebody else is not held up by it.
    await expect(withUploadPermit(2, async () => "other")).resolves.toBe("other");
    h.release();
    await Promise.all(running);
    await expect(withUploadPermit(1, async () => "again")).resolves.toBe("again");
  });

  it(`answers 503 with Retry-After when ${UPLOADS_PER_PROCESS} uploads are in progress in the process, and frees permits after failures`, async () => {
    const h = held();
    const running = Array.from({ length: UPLOADS_PER_PROCESS }, (_, i) => withUploadPermit(100 + i, () => h.gate));
    await expect(withUploadPermit(999, async () => "late")).rejects.toMatchObject({
      code: "service_unavailable",
      headers: { "Retry-After": "10" },
    });
    h.release();
    await Promise.all(running);
    await expect(
      withUploadPermit(999, async () => {
        throw new Error("decode failed");
      }),
    ).rejects.toThrow("decode failed");
    await expect(withUploadPermit(999, async () => "ok")).resolves.toBe("ok");
  });
});
