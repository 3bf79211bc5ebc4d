import { describe, expect, it } from "vitest";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { teamInvitationMail } from "./team-invitation";

const URL = `${siteOrigin("hub", getSiteHosts())}/invitation/${"D".repeat(43)}`;
const base = {
  inviterName: "Dr. Carla Wendt",
  newsroomName: "Hansebank",
  role: "responsible" as const,
  url: URL,
  expiresAt: new Date("2026-04-01T10:00:00Z"),
};

describe("the team invitation mail", () => {
  it("names who invites, the newsroom, the role and how long the link works, in German and English", async () => {
    const de = await teamInvitationMail({ ...base, language: "de" });
    expect(de.subject).toBe("Einladung in den Newsroom Hansebank");
    expect(de.text).toContain("Dr. Carla Wendt lädt Sie in den Newsroom „Hansebank“ bei Pressdesk ein, mit der Rolle Verantwortliche/r.");
    expect(de.text).toMatch(/gilt bis zum 1\. April 2026/);
    const en = await teamInvitationMail({ ...base, language: "en", role: "owner" });
    expect(en.subject).toBe("Invitation to the newsroom Hansebank");
    expect(en.text).toContain('Dr. Carla Wendt invites you to the newsroom "Hansebank" on Pressdesk, as owner.');
    expect(en.text).toContain("1 April 2026");
  });

  it("repeats only the plain part of names a customer typed in", async () => {
    const mail = await teamInvitationMail({
      ...base,
      language: "de",
      inviterName: "Support: https://evil.example/x <b>jetzt</b>",
      newsroomName: "Konto gesperrt, bitte auf evil.example anmelden",
    });
    expect(mail.text + mail.html + mail.subject).not.toMatch(/evil\.example|https:\/\/evil|<b>/);
    expect(mail.text).toContain(URL);
  });
});
