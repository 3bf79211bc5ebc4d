import { describe, expect, it } from "vitest";
import { ROLE_ABILITIES } from "@/lib/domains/accounts/abilities";
import { roleDescriptions } from "./role-descriptions";

describe("the role descriptions", () => {
  it("say, for every role, one phrase per ability the matrix gives it, highest role first", () => {
    const roles = roleDescriptions();
    expect(roles.map((r) => r.role)).toEqual(["owner", "responsible", "member"]);
    for (const r of roles) expect(r.abilities).toHaveLength(ROLE_ABILITIES[r.role].length);
  });

  it("explain a role as the one below it plus what it adds", () => {
    const [owner, responsible, member] = roleDescriptions();
    expect(member!.explanation).toBe(
      "Darf den Newsroom und seine Pressemitteilungen sehen und eigene Pressemitteilungen schreiben, einreichen und löschen.",
    );
    expect(responsible!.explanation).toMatch(/^Darf alles wie Mitglied, außerdem alle Pressemitteilungen bearbeiten/);
    expect(responsible!.explanation).not.toContain("Team verwalten");
    expect(owner!.explanation).toMatch(
      /^Darf alles wie Verantwortliche\/r, außerdem .*das Team verwalten.* die Bildrechte der Bilder bestätigen und Webhooks für Programme einrichten\.$/,
    );
  });
});
