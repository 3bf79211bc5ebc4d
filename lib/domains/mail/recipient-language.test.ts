import { describe, expect, it } from "vitest";
import { recipientLanguage } from "./recipient-language";

describe("recipientLanguage", () => {
  it("takes the account's language first, then the subscriber's, then the release's, else German", () => {
    expect(recipientLanguage({ userLocale: "en", subscriberLanguage: "de", releaseLanguage: "de" })).toBe("en");
    expect(recipientLanguage({ userLocale: null, subscriberLanguage: "en", releaseLanguage: "de" })).toBe("en");
    expect(recipientLanguage({ releaseLanguage: "en" })).toBe("en");
    expect(recipientLanguage({})).toBe("de");
  });
});
