import { describe, expect, it } from "vitest";
import { plainGermanChecker } from "@/e2e/plain-german";

// The checker every screen's text passes in e2e/every-screen.spec.ts: it finds what the issue saw.
describe("the plain-German checker", () => {
  const check = plainGermanChecker();
  const found = (text: string) => check(text).map((f) => `${f.kind}: ${f.found}`);

  it("finds the status codes, commands, variables and machine words seen on the screens", () => {
    expect(found("Entfernen (410)")).toEqual(["Statuscode: (410)"]);
    expect(found("GET /health antwortet mit HTTP 503")).toEqual(["Statuscode: HTTP 503"]);
    expect(found("Prüfen mit press-releases:check-index-status")).toEqual(["Befehl: press-releases:check-index-status"]);
    expect(found("Sofort fortsetzen: npm run cli -- mail:circuit --close")).toContain("Befehl: npm run cli -- mail:circuit --close");
    expect(found("aus (ALERT_MAIL_TO nicht gesetzt)")).toEqual(["Umgebungsvariable: ALERT_MAIL_TO"]);
    expect(found("jeder Zugriff wird als evidence.accessed protokolliert")).toEqual(["Maschinenwort: evidence.accessed"]);
    expect(found("Status: in_review")).toEqual(["Maschinenwort: in_review"]);
    expect(found("Rechte: press-releases:publish")).toContain("Maschinenwort: press-releases:publish");
    expect(found("published · published")).toEqual(["Maschinenwort: published", "Maschinenwort: published"]);
    expect(found("1 releases wait for their check")).toContain("Maschinenwort: 1 releases wait");
  });

  it("lets plain German, numbers, addresses and links pass", () => {
    expect(found("410 Pressemitteilungen, 2.500 Aufrufe, Seite 2 von 404, Alle Einträge (144)")).toEqual([]);
    expect(found("Öffentlich unter https://business.pressdesk.localhost/de/pressemitteilung/in_review-und-mehr")).toEqual([]);
    expect(found("Antwort an max_mustermann@example.test")).toEqual([]);
    expect(found("In Prüfung · Veröffentlicht · Dauerhaft entfernt")).toEqual([]);
  });
});
