import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/core/config";
import { oidcProviderSettings } from "./provider-settings";

const env = { AUTH_OIDC_CLIENT_ID: "client-id", AUTH_OIDC_CLIENT_SECRET: "client-secret" };

describe("oidcProviderSettings", () => {
  it("is off unless issuer, client id and secret are all set", () => {
    expect(oidcProviderSettings(loadConfig({}))).toBeNull();
    expect(
      oidcProviderSettings(loadConfig({ AUTH_OIDC_ISSUER: "https://accounts.google.com", AUTH_OIDC_CLIENT_ID: "client-id" })),
    ).toBeNull();
  });

  it("names Google by its issuer and carries its consumer mail domains", () => {
    expect(oidcProviderSettings(loadConfig({ ...env, AUTH_OIDC_ISSUER: "https://accounts.google.com" }))).toEqual({
      id: "google",
      name: "Google",
      issuer: "https://accounts.google.com",
      clientId: "client-id",
      clientSecret: "client-secret",
      consumerMailDomains: ["gmail.com", "googlemail.com"],
    });
  });

  it("treats any other issuer as the generic provider that vouches for no mail domain", () => {
    expect(oidcProviderSettings(loadConfig({ ...env, AUTH_OIDC_ISSUER: "https://login.example.com/realms/press" }))).toMatchObject({
      id: "oidc",
      name: "OIDC",
      issuer: "https://login.example.com/realms/press",
      consumerMailDomains: [],
    });
  });
});
