import { describe, expect, it } from "vitest";
import { maskEmail } from "./mask-email";

describe("maskEmail", () => {
  it("keeps the first letters and the top-level domain only", () => {
    expect(maskEmail("new.name@example.com")).toBe("n***@e***.com");
    expect(maskEmail("a@mail.example.co.uk")).toBe("a***@m***.uk");
    expect(maskEmail("ülrich@bücher.de")).toBe("ü***@b***.de");
  });

  it("reveals nothing of something that is not an address", () => {
    expect(maskEmail("nonsense")).toBe("***");
    expect(maskEmail("@example.com")).toBe("***");
  });
});
