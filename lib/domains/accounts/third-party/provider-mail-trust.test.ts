import { describe, expect, it } from "vitest";
import { directLinkBasis } from "./provider-mail-trust";

describe("directLinkBasis", () => {
  it("trusts Google for its own consumer mail domains", () => {
    expect(directLinkBasis({ provider: "google", email: "anna@gmail.com" })).toBe("consumer_mail");
    expect(directLinkBasis({ provider: "google", email: "anna@GoogleMail.com" })).toBe("consumer_mail");
  });

  it("trusts a hosted domain only when the hd claim is the address's own domain", () => {
    expect(directLinkBasis({ provider: "google", email: "anna@acme.example", hostedDomain: "ACME.example " })).toBe("hosted_domain");
    expect(directLinkBasis({ provider: "google", email: "anna@acme.example", hostedDomain: "other.example" })).toBeNull();
    expect(directLinkBasis({ provider: "google", email: "anna@mail.acme.example", hostedDomain: "acme.example" })).toBeNull();
    expect(directLinkBasis({ provider: "google", email: "anna@acme.example", hostedDomain: null })).toBeNull();
  });

  it("trusts nothing beyond verification for a provider it does not know", () => {
    expect(directLinkBasis({ provider: "oidc", email: "anna@gmail.com" })).toBeNull();
    expect(directLinkBasis({ provider: "oidc", email: "anna@acme.example", hostedDomain: "acme.example" })).toBeNull();
  });
});
